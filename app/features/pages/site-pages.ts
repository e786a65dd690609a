// The public pages: each with its address, title, group and when its data last changed, from the
// routes' `page` handles and the data (a page per service, case study and article). The sitemaps,
// link previews and the JavaScript budget read it.
import { fixedPagePaths } from "~/features/content/page-seo";
import type { SiteContent } from "~/features/content/schema";
import type { PageTimes } from "~/features/publishing/public-reader.server";
import type { Article, CaseStudy, Page } from "~/features/publishing/schema";
import type { PageRoute, SitePageKind } from "~/platform/route-handle";
import { toSlug } from "~/platform/slug";

export type SitePage = {
  path: string;
  /** What a link names the page by: a record's slug or id, a fixed page's path. */
  id: string;
  /** The page's name in lists and on its link-preview image. */
  title: string;
  /** The heading the HTML sitemap lists it under. */
  group: string;
  kind: SitePageKind;
  /** ISO time of the last change of the data the page shows, when known. */
  lastModified?: string;
  /** The owner keeps it out of search engines: both sitemaps leave it out (it keeps its card). */
  noindex?: boolean;
  /** The owner built it from blocks (its kind is "page", as the fixed pages'). */
  built?: true;
};

/** When each kind of data last changed (features/publishing/public-reader.server.ts reads them). */
type RegistryInput = {
  /** The public page routes, in the sitemaps' order (RouteFacts.pages). */
  routes: readonly PageRoute[];
  content: Pick<SiteContent, "services" | "caseStudies" | "blog" | "seo">;
  caseStudies: readonly Pick<CaseStudy, "id" | "title" | "noindex">[];
  articles: readonly Pick<Article, "id" | "title" | "publishedAt" | "noindex">[];
  /** The visible pages built from blocks: listed after the routes' pages, under "Pages". */
  pages?: readonly Pick<Page, "id" | "title" | "noindex">[];
  /** When each kind of data last changed (features/publishing/public-reader.server.ts reads them). */
  times?: PageTimes;
};

/** The latest of some ISO times (they compare as text), or undefined when none is known. */
function latest(...times: (string | undefined)[]): string | undefined {
  return times
    .filter((time): time is string => Boolean(time))
    .sort()
    .at(-1);
}

/** A record's page address: the route's one parameter ("/blog/:id") filled in. */
function fillPath(pattern: string, value: string): string {
  return pattern.replace(/:[^/]+/, value);
}

export function listSitePages({
  routes,
  content,
  caseStudies,
  articles,
  pages = [],
  times = {},
}: RegistryInput): SitePage[] {
  const contentTime = times.content;
  const studyTimes = caseStudies.map((study) => times.caseStudies?.get(study.id));
  // An article scheduled ahead appears on its publication date, after its last edit.
  const articleTimes = articles.map((article) =>
    latest(times.articles?.get(article.id), article.publishedAt),
  );
  // Home shows the services and the latest articles and case studies; the lists show theirs.
  const changeTimes = {
    content: contentTime,
    "case-studies": latest(contentTime, ...studyTimes),
    articles: latest(contentTime, ...articleTimes),
    everything: latest(contentTime, ...studyTimes, ...articleTimes),
  };
  const services = [
    ...new Map(content.services.items.map((service) => [toSlug(service.title), service])).entries(),
  ].filter(([slug]) => slug);

  // The records each page-per-record route makes a page of: what fills in its parameter.
  const records = {
    service: services.map(([slug, service]) => ({
      slug,
      title: service.title,
      lastModified: contentTime,
      noindex: service.noindex,
    })),
    "case-study": caseStudies.map((study, index) => ({
      slug: study.id,
      title: study.title,
      lastModified: studyTimes[index] ?? contentTime,
      noindex: study.noindex,
    })),
    article: articles.map((article, index) => ({
      slug: article.id,
      title: article.title,
      lastModified: articleTimes[index],
      noindex: article.noindex,
    })),
  };
  const hiddenPaths = new Set<string>(
    (Object.keys(fixedPagePaths) as (keyof typeof fixedPagePaths)[])
      .filter((key) => content.seo[key]?.noindex)
      .map((key) => fixedPagePaths[key]),
  );

  const builtPages = pages.map(
    (page): SitePage => ({
      path: `/${page.id}`,
      id: `/${page.id}`,
      title: page.title,
      group: "Pages",
      kind: "page",
      built: true,
      lastModified: times.pages?.get(page.id),
      noindex: page.noindex,
    }),
  );
  const routePages = routes.flatMap((route): SitePage[] => {
    if ("each" in route) {
      return records[route.each].map((record) => ({
        path: fillPath(route.path, record.slug),
        id: record.slug,
        title: record.title,
        group: route.group,
        kind: route.each,
        lastModified: record.lastModified,
        ...(record.noindex ? { noindex: true } : {}),
      }));
    }
    const title =
      typeof route.title === "string" ? route.title : content[route.title.contentHeading].heading;
    const lastModified = changeTimes[route.changesWith];
    const page: SitePage = {
      path: route.path,
      id: route.path,
      title,
      group: route.group,
      kind: "page",
      lastModified,
    };
    return [hiddenPaths.has(route.path) ? { ...page, noindex: true } : page];
  });
  return [...routePages, ...builtPages];
}

/** The pages search engines may list: what both sitemaps show. */
export function listIndexedPages(pages: readonly SitePage[]): SitePage[] {
  return pages.filter((page) => !page.noindex);
}

export type SitePageGroup = { title: string; pages: SitePage[] };

/** The indexed pages grouped for the HTML sitemap, groups in the order they first appear. */
export function groupSitePages(pages: readonly SitePage[]): SitePageGroup[] {
  const groups = new Map<string, SitePage[]>();
  for (const page of listIndexedPages(pages))
    groups.set(page.group, [...(groups.get(page.group) ?? []), page]);
  return [...groups].map(([title, grouped]) => ({ title, pages: grouped }));
}
