// The public pages of the registry (content/site-pages.ts) read from the database: the content,
// case studies, articles and when each last changed. When the database cannot be read the list
// stays useful: the last content read and the built-in case studies and articles, undated.
import type { Logger } from "pino";
import { defaultArticles } from "~/content/default-articles";
import { defaultCaseStudies } from "~/content/default-case-studies";
import type { Article, CaseStudy } from "~/content/schema";
import { listSitePages, type PageTimes, type SitePage } from "~/content/site-pages";
import { listArticles, listCaseStudies } from "./content-store.server";
import type { Db } from "./db/tables.server";
import { readPageTimes } from "./page-times.server";
import { getSiteContent } from "./site-content.server";

export async function listPublicPages(db: Db, logger: Logger): Promise<SitePage[]> {
  const { content } = await getSiteContent(db, logger);
  let caseStudies: CaseStudy[];
  let articles: Article[];
  let times: PageTimes;
  try {
    [caseStudies, articles, times] = await Promise.all([
      listCaseStudies(db),
      listArticles(db),
      readPageTimes(db),
    ]);
  } catch (error) {
    logger.error({ err: error }, "Failed to list case studies and articles");
    caseStudies = defaultCaseStudies;
    articles = defaultArticles;
    times = {};
  }
  return listSitePages({ content, caseStudies, articles, times });
}
