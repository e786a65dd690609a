// The blog's Featured Resources: three tabs of two cards each, linking into the
// blog. Each card opens the blog filtered to the articles on its subject.
export type FeaturedResource = {
  title: string;
  description: string;
  /** A /blog address, possibly with a filter query. */
  href: string;
  linkText: string;
};

export type FeaturedTab = {
  value: "guides" | "case-studies" | "insights";
  label: string;
  resources: [FeaturedResource, FeaturedResource];
};

export const featuredTabs: FeaturedTab[] = [
  {
    value: "guides",
    label: "Guides & Tutorials",
    resources: [
      {
        title: "Cybersecurity Essentials Checklist",
        description:
          "Six controls that stop most attacks on small businesses, from multi-factor authentication to tested backups, with where to start.",
        href: "/blog?category=Cybersecurity",
        linkText: "Read the guides",
      },
      {
        title: "Planning Your First AI Pilot",
        description:
          "How to choose a use case, protect your data and measure results before you invest in AI tools across the business.",
        href: "/blog?category=Artificial+Intelligence",
        linkText: "Read the guides",
      },
    ],
  },
  {
    value: "case-studies",
    label: "Success Stories",
    resources: [
      {
        title: "From Five-Day Waits to Same-Day Decisions",
        description:
          "Lessons from automating a credit union's loan process: map the real workflow first, then integrate and automate in phases.",
        href: "/blog?category=Digital+Transformation",
        linkText: "Read related insights",
      },
      {
        title: "Security a Clinic Group Can Trust",
        description:
          "What five clinics learned from rebuilding their network around segmentation, MFA and staff training after a phishing scare.",
        href: "/blog?category=Cybersecurity",
        linkText: "Read related insights",
      },
    ],
  },
  {
    value: "insights",
    label: "Industry Insights",
    resources: [
      {
        title: "Digital Transformation Without the Buzzwords",
        description:
          "Why steady, measurable improvements beat big-bang programs for small and mid-sized businesses, and how to pick the first one.",
        href: "/blog?category=Digital+Transformation",
        linkText: "Read the insights",
      },
      {
        title: "What AI Means for Mid-Sized Firms",
        description:
          "Where generative AI is already saving time, where it still needs a human in the loop, and the guardrails to put in place.",
        href: "/blog?category=Artificial+Intelligence",
        linkText: "Read the insights",
      },
    ],
  },
];

export type ShownFeaturedTab = Omit<FeaturedTab, "resources"> & { resources: FeaturedResource[] };

/**
 * The tabs as the blog shows them: a card that opens a category with no published article (only
 * drafts or scheduled ones, say) would lead to an empty page, so it is left out, and so is a tab
 * left without cards.
 */
export function listFeaturedTabs(publishedCategories: readonly string[]): ShownFeaturedTab[] {
  const shown = new Set(publishedCategories);
  const opensSomething = (resource: FeaturedResource) => {
    const category = new URL(resource.href, "http://site.invalid").searchParams.get("category");
    return category === null || shown.has(category);
  };
  return featuredTabs
    .map((tab) => ({ ...tab, resources: tab.resources.filter(opensSomething) }))
    .filter((tab) => tab.resources.length > 0);
}
