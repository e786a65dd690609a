// The public pages (features/pages/site-pages.ts) with the data read from the database: the visible
// case studies and articles and when each page last changed. When the database cannot be read the
// list stays useful: the built-in case studies and articles, undated, and the page is not cached.
import type { Logger } from "pino";
import type { SiteContent } from "~/features/content/schema";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { type DatedPublications, readPageTimes } from "~/features/publishing/public-reader.server";
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
