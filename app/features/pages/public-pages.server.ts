// The public pages (features/pages/site-pages.ts) with the data read from the database: the visible
// case studies and articles and when each page last changed. When the database cannot be read the
// list stays useful: the built-in case studies and articles, undated, and the page is not cached.
import type { Logger } from "pino";
import type { PageRef } from "~/features/content/navigation";
import type { SiteContent } from "~/features/content/schema";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { type DatedPublications, readPageTimes } from "~/features/publishing/public-reader.server";
import { listVisibleEntries } from "~/features/publishing/store/reads.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import type { PageRoute } from "~/platform/route-handle";
import { listSitePages, type SitePage } from "./site-pages";

export async function listPublicPages(
  db: Db,
  content: SiteContent,
  logger: Logger,
  routes: readonly PageRoute[],
): Promise<SitePage[]> {
  let publications: DatedPublications;
  try {
    publications = await readPageTimes(db);
  } catch (error) {
    // The sitemap stays useful when the database cannot be read: it lists the built-in entries.
    logDatabaseError(logger, error, "Failed to list case studies and articles");
    markPageUncacheable();
    publications = { caseStudies: defaultCaseStudies, articles: defaultArticles, times: {} };
  }
  return listSitePages({ routes, content, ...publications });
}

/**
 * The visible pages these references name (built pages, articles, case studies), read by id: the
 * menus need their few links' titles and addresses, not every record with its text. Falls back
 * as listPublicPages does when the database cannot be read.
 */
export async function listNamedPages(
  db: Db,
  content: SiteContent,
  logger: Logger,
  routes: readonly PageRoute[],
  refs: readonly PageRef[],
): Promise<SitePage[]> {
  // A built page's reference is its path; its row's id is the path without the first slash.
  const idsOf = (kind: string) =>
    refs
      .filter((ref) => ref.kind === kind)
      .map((ref) => (kind === "page" ? ref.id.replace(/^\//, "") : ref.id));
  const now = new Date();
  try {
    const [caseStudies, articles, pages] = await Promise.all([
      listVisibleEntries(db, "case-study", now, idsOf("case-study")),
      listVisibleEntries(db, "article", now, idsOf("article")),
      listVisibleEntries(db, "page", now, idsOf("page")),
    ]);
    return listSitePages({
      routes,
      content,
      caseStudies: caseStudies.map(({ record }) => record),
      articles: articles.map(({ record }) => record),
      pages: pages.map(({ record }) => ({
        id: record.id,
        title: record.title,
        noindex: record.noindex ?? false,
      })),
    });
  } catch (error) {
    logDatabaseError(logger, error, "Failed to read the menus' pages");
    markPageUncacheable();
    return listSitePages({
      routes,
      content,
      caseStudies: defaultCaseStudies,
      articles: defaultArticles,
    });
  }
}
