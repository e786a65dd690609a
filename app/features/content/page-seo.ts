// What the pages the content describes put in their head when no search description is written:
// their title, address and the text their description is computed from. The editors' SEO previews
// show it; tests/integration/seo-previews.test.ts checks it against the pages' real head tags.

import { toPlainText } from "~/platform/plain-text";
import type { SiteContent } from "./schema";
import { toSlug } from "./slug";

export type PageSeoFacts = { title: string; path: string; computed: string };

/** A service's page, from the service as the editor holds it. */
export function describeServicePage(service: { title: string; description: string }): PageSeoFacts {
  return {
    title: service.title,
    path: `/services/${toSlug(service.title)}`,
    computed: toPlainText(service.description),
  };
}

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
  return {
    home: { title: tagline || companyName, path: "/", computed: content.hero.description },
    services: {
      title: content.services.heading,
      path: "/services",
      computed: content.services.description,
    },
    about: { title: "About Us", path: "/about", computed: content.about.description },
    caseStudies: {
      title: content.caseStudies.heading,
      path: "/case-studies",
      computed: `${content.caseStudies.description}: how ${companyName} helped clients in ${joinNames([...new Set(industries)])} solve their IT challenges, with measurable results.`,
    },
    blog: { title: content.blog.heading, path: "/blog", computed: content.blog.description },
    contact: { title: "Contact Us", path: "/contact", computed: content.contact.description },
    booking: {
      title: "Book a Free Consultation",
      path: "/booking",
      computed: content.booking.description,
    },
    privacyPolicy: {
      title: "Privacy Policy",
      path: "/privacy-policy",
      computed: `How ${companyName} collects, uses and protects personal information.`,
    },
    termsOfService: {
      title: "Terms of Service",
      path: "/terms-of-service",
      computed: `The terms that apply when you use the ${companyName} website.`,
    },
  };
}
