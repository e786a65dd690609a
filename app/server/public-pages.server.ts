// Every public page of the site, grouped for the HTML sitemap (/sitemap): the fixed pages, one per
// service, case study and article, the alternative home layouts and the legal pages.
import type { Logger } from "pino";
import { defaultArticles } from "~/content/default-articles";
import { defaultCaseStudies } from "~/content/default-case-studies";
import type { Article, CaseStudy, SiteContent } from "~/content/schema";
import { toSlug } from "~/content/slug";
import { listArticles, listCaseStudies } from "./content-store.server";
import type { Db } from "./db/tables.server";
import { logDatabaseError } from "./db/unavailable.server";

export type PublicPage = { path: string; title: string };
export type PublicPageGroup = { title: string; pages: PublicPage[] };

export async function listPublicPages(
  db: Db,
  content: SiteContent,
  logger: Logger,
): Promise<PublicPageGroup[]> {
  let caseStudies: CaseStudy[];
  let articles: Article[];
  try {
    [caseStudies, articles] = await Promise.all([listCaseStudies(db), listArticles(db)]);
  } catch (error) {
    // The sitemap stays useful when the database cannot be read: it lists the built-in entries.
    logDatabaseError(logger, error, "Failed to list case studies and articles");
    caseStudies = defaultCaseStudies;
    articles = defaultArticles;
  }
  return [
    {
      title: "Main Pages",
      pages: [
        { path: "/", title: "Home" },
        { path: "/services", title: content.services.heading },
        { path: "/about", title: "About Us" },
        { path: "/case-studies", title: content.caseStudies.heading },
        { path: "/blog", title: content.blog.heading },
        { path: "/contact", title: "Contact" },
        { path: "/booking", title: "Book a Consultation" },
      ],
    },
    {
      title: "Services",
      pages: content.services.items.map((service) => ({
        path: `/services/${toSlug(service.title)}`,
        title: service.title,
      })),
    },
    {
      title: "Case Studies",
      pages: caseStudies.map((study) => ({
        path: `/case-studies/${study.id}`,
        title: study.title,
      })),
    },
    {
      title: "Articles",
      pages: articles.map((article) => ({ path: `/blog/${article.id}`, title: article.title })),
    },
    {
      title: "More Home Page Layouts",
      pages: [1, 2, 3].map((number) => ({
        path: `/option${number}`,
        title: `Home, Layout ${number}`,
      })),
    },
    {
      title: "Legal",
      pages: [
        { path: "/privacy-policy", title: "Privacy Policy" },
        { path: "/terms-of-service", title: "Terms of Service" },
        { path: "/sitemap", title: "Sitemap" },
      ],
    },
  ];
}
