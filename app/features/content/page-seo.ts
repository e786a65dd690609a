// What the pages the content describes put in their head when no search description is written:
// their title, address and the text their description is computed from. The editors' SEO previews
// show it; tests/integration/seo-previews.test.ts checks it against the pages' real head tags.

import { toPlainText } from "~/platform/plain-text";
import { toSlug } from "~/platform/slug";
import type { SiteContent } from "./schema";

export type PageSeoFacts = { title: string; path: string; computed: string };

/** A service's page, from the service as the editor holds it. */
export function describeServicePage(service: { title: string; description: string }): PageSeoFacts {
  return {
    title: service.title,
    path: `/services/${toSlug(service.title)}`,
    computed: toPlainText(service.description),
  };
}

/** The address of each fixed page with its own SEO settings, by its key in content.seo. */
export const fixedPagePaths = {
  home: "/",
  services: "/services",
  about: "/about",
  caseStudies: "/case-studies",
  blog: "/blog",
  contact: "/contact",
  booking: "/booking",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  sitemap: "/sitemap",
} as const satisfies Record<keyof SiteContent["seo"], string>;

/** "A, B and C" */
function joinNames(names: string[]): string {
  return names.length > 1
    ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`
    : (names[0] ?? "");
}

/**
 * The fixed pages of the SEO tab, by their key in content.seo. industries: those of the published
 * case studies, which the Case Studies page's computed description names.
 */
export function describeFixedPages(
  content: SiteContent,
  industries: string[],
): Record<keyof SiteContent["seo"], PageSeoFacts> {
  const { companyName, tagline } = content.general;
  const paths = fixedPagePaths;
  return {
    home: { title: tagline || companyName, path: paths.home, computed: content.hero.description },
    services: {
      title: content.services.heading,
      path: paths.services,
      computed: content.services.description,
    },
    about: { title: "About Us", path: paths.about, computed: content.about.description },
    caseStudies: {
      title: content.caseStudies.heading,
      path: paths.caseStudies,
      computed: `${content.caseStudies.description}: how ${companyName} helped clients in ${joinNames([...new Set(industries)])} solve their IT challenges, with measurable results.`,
    },
    blog: { title: content.blog.heading, path: paths.blog, computed: content.blog.description },
    contact: { title: "Contact Us", path: paths.contact, computed: content.contact.description },
    booking: {
      title: "Book a Free Consultation",
      path: paths.booking,
      computed: content.booking.description,
    },
    privacyPolicy: {
      title: "Privacy Policy",
      path: paths.privacyPolicy,
      computed: `How ${companyName} collects, uses and protects personal information.`,
    },
    termsOfService: {
      title: "Terms of Service",
      path: paths.termsOfService,
      computed: `The terms that apply when you use the ${companyName} website.`,
    },
    sitemap: {
      title: "Sitemap",
      path: paths.sitemap,
      computed: `Every page of the ${companyName} website in one list: services, case studies, articles and more.`,
    },
  };
}
