// The blog's Featured Resources: the content's tabs, each listing the articles and case studies
// the owner chose by address. Only published items are shown; a tab left without any is hidden.
import type { SiteContent } from "~/features/content/schema";
import { truncate } from "~/platform/display-text";
import type { Article, CaseStudy } from "./schema";

export type FeaturedResource = {
  kind: "article" | "case-study";
  title: string;
  description: string;
  /** The article's category or the case study's industry. */
  group: string;
  href: string;
};

export type ShownFeaturedTab = {
  value: string;
  label: string;
  /** The position of the tab in the content, which picks its icon. */
  position: number;
  /** The list its View All link opens: case studies when the tab holds nothing else. */
  viewAllHref: "/blog" | "/case-studies";
  resources: FeaturedResource[];
};

/** Card texts are cut like the blog's excerpts, without a space before the "...". */
const descriptionLength = 150;
const cut = (text: string) => truncate(text, descriptionLength).replace(/\s+\.\.\.$/, "...");

/** The tabs as the blog shows them, from the published articles and case studies. */
export function listFeaturedTabs(
  tabs: SiteContent["blog"]["featuredTabs"],
  articles: readonly Pick<Article, "id" | "title" | "excerpt" | "category">[],
  caseStudies: readonly Pick<CaseStudy, "id" | "title" | "description" | "industry">[],
): ShownFeaturedTab[] {
  const byAddress = new Map<string, FeaturedResource>();
  for (const article of articles) {
    const href = `/blog/${article.id}`;
    byAddress.set(href, {
      kind: "article",
      title: article.title,
      description: cut(article.excerpt),
      group: article.category,
      href,
    });
  }
  for (const study of caseStudies) {
    const href = `/case-studies/${study.id}`;
    byAddress.set(href, {
      kind: "case-study",
      title: study.title,
      description: cut(study.description),
      group: study.industry,
      href,
    });
  }
  return tabs.flatMap((tab, position) => {
    const resources = [...new Set(tab.items)].flatMap((address) => {
      const resource = byAddress.get(address);
      return resource ? [resource] : [];
    });
    if (resources.length === 0) return [];
    const onlyCaseStudies = resources.every((resource) => resource.kind === "case-study");
    return [
      {
        value: `tab-${position + 1}`,
        label: tab.label,
        position,
        viewAllHref: onlyCaseStudies ? "/case-studies" : "/blog",
        resources,
      },
    ];
  });
}
