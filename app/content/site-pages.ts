// Every public page of the site (spec section 2, DESIGN.md section 6), for /sitemap.xml and the
// JavaScript budget: the fixed pages, then one per service, case study and article.
import type { Article, CaseStudy, SiteContent } from "./schema";
import { toSlug } from "./slug";

export type SitePage = {
  path: string;
  /** ISO date of the last meaningful change, when known. */
  lastModified?: string;
  kind: "page" | "service" | "case-study" | "article";
};

/** The public pages that exist whatever the content holds, in reading order. */
export const fixedPagePaths = [
  "/",
  "/option1",
  "/option2",
  "/option3",
  "/services",
  "/about",
  "/case-studies",
  "/blog",
  "/contact",
  "/booking",
  "/privacy-policy",
  "/terms-of-service",
  "/sitemap",
] as const;

export function listSitePages({
  services,
  caseStudies,
  articles,
}: {
  services: SiteContent["services"]["items"];
  caseStudies: readonly Pick<CaseStudy, "id">[];
  articles: readonly Pick<Article, "id" | "publishedAt">[];
}): SitePage[] {
  const slugs = [...new Set(services.map((service) => toSlug(service.title)).filter(Boolean))];
  return [
    ...fixedPagePaths.map((path): SitePage => ({ path, kind: "page" })),
    ...slugs.map((slug): SitePage => ({ path: `/services/${slug}`, kind: "service" })),
    ...caseStudies.map(
      (study): SitePage => ({ path: `/case-studies/${study.id}`, kind: "case-study" }),
    ),
    ...articles.map(
      (article): SitePage => ({
        path: `/blog/${article.id}`,
        kind: "article",
        lastModified: article.publishedAt,
      }),
    ),
  ];
}
