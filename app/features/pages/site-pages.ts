// The one registry of public pages (DESIGN.md section 3): every page with its address, title,
// group and the time its data last changed. /sitemap.xml, the HTML /sitemap, the link-preview
// images, the breadcrumbs of the structured data and the JavaScript budget all read it.
import type { SiteContent } from "~/features/content/schema";
import { toSlug } from "~/features/content/slug";
import type { PageTimes } from "~/features/publishing/public-reader.server";
import type { Article, CaseStudy } from "~/features/publishing/schema";

export type SitePageKind = "page" | "service" | "case-study" | "article";

export type SitePage = {
  path: string;
  /** The page's name in lists and on its link-preview image. */
  title: string;
  /** The heading the HTML sitemap lists it under. */
  group: string;
  kind: SitePageKind;
  /** ISO time of the last change of the data the page shows, when known. */
  lastModified?: string;
};

/** When each kind of data last changed (features/publishing/public-reader.server.ts reads them). */
type RegistryInput = {
  content: Pick<SiteContent, "services" | "caseStudies" | "blog">;
  caseStudies: readonly Pick<CaseStudy, "id" | "title">[];
  articles: readonly Pick<Article, "id" | "title" | "publishedAt">[];
  times?: PageTimes;
};

/** The latest of some ISO times (they compare as text), or undefined when none is known. */
function latest(...times: (string | undefined)[]): string | undefined {
  return times
    .filter((time): time is string => Boolean(time))
    .sort()
    .at(-1);
}

export function listSitePages({ content, caseStudies, articles, times = {} }: RegistryInput) {
  const contentTime = times.content;
  const studyTimes = caseStudies.map((study) => times.caseStudies?.get(study.id));
  // An article scheduled ahead appears on its publication date, after its last edit.
  const articleTimes = articles.map((article) =>
    latest(times.articles?.get(article.id), article.publishedAt),
  );
  // Home shows the services and the latest articles and case studies; the lists show theirs.
  const everything = latest(contentTime, ...studyTimes, ...articleTimes);
  const main = "Main Pages";
  const page = (path: string, title: string, group: string, lastModified = contentTime) =>
    ({ path, title, group, kind: "page", lastModified }) satisfies SitePage;
  const services = [
    ...new Map(
      content.services.items.map((service) => [toSlug(service.title), service.title]),
    ).entries(),
  ].filter(([slug]) => slug);

  return [
    page("/", "Home", main, everything),
    page("/services", content.services.heading, main),
    page("/about", "About Us", main),
    page("/case-studies", content.caseStudies.heading, main, latest(contentTime, ...studyTimes)),
    page("/blog", content.blog.heading, main, latest(contentTime, ...articleTimes)),
    page("/contact", "Contact", main),
    page("/booking", "Book a Consultation", main),
    ...services.map(
      ([slug, title]): SitePage => ({
        path: `/services/${slug}`,
        title,
        group: "Services",
        kind: "service",
        lastModified: contentTime,
      }),
    ),
    ...caseStudies.map(
      (study, index): SitePage => ({
        path: `/case-studies/${study.id}`,
        title: study.title,
        group: "Case Studies",
        kind: "case-study",
        lastModified: studyTimes[index] ?? contentTime,
      }),
    ),
    ...articles.map(
      (article, index): SitePage => ({
        path: `/blog/${article.id}`,
        title: article.title,
        group: "Articles",
        kind: "article",
        lastModified: articleTimes[index],
      }),
    ),
    ...[1, 2, 3].map((number) =>
      page(`/option${number}`, `Home, Layout ${number}`, "More Home Page Layouts", everything),
    ),
    page("/privacy-policy", "Privacy Policy", "Legal"),
    page("/terms-of-service", "Terms of Service", "Legal"),
    page("/sitemap", "Sitemap", "Legal", everything),
  ];
}

export type SitePageGroup = { title: string; pages: SitePage[] };

/** The registry grouped for the HTML sitemap, groups in the order they first appear. */
export function groupSitePages(pages: readonly SitePage[]): SitePageGroup[] {
  const groups = new Map<string, SitePage[]>();
  for (const page of pages) groups.set(page.group, [...(groups.get(page.group) ?? []), page]);
  return [...groups].map(([title, grouped]) => ({ title, pages: grouped }));
}
