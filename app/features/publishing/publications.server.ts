// Case studies and articles for the public pages: the stored rows, or, when the database cannot
// be read, the built-in defaults (the same fallback rule as the site content), with the failure
// logged. Their images carry the hashed names that browsers may cache for a year.
import type { Logger } from "pino";
import type { Article, CaseStudy } from "~/features/content/schema";
import { withVersionedImage } from "~/features/media/image-versions.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { defaultArticles } from "./default-articles";
import { defaultCaseStudies } from "./default-case-studies";
import { getVisible, listVisible } from "./store.server";

async function readOrFallback<T>(
  logger: Logger,
  what: string,
  read: () => Promise<T>,
  fallback: () => T,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    logDatabaseError(logger, error, `Failed to fetch ${what}`);
    markPageUncacheable();
    return fallback();
  }
}

export function getCaseStudies(db: Db, logger: Logger): Promise<CaseStudy[]> {
  return readOrFallback(
    logger,
    "case studies",
    () => listVisible(db, "case-study"),
    () => defaultCaseStudies,
  ).then((studies) => studies.map(withVersionedImage));
}

export function findCaseStudy(db: Db, logger: Logger, id: string): Promise<CaseStudy | undefined> {
  return readOrFallback(
    logger,
    "case study",
    () => getVisible(db, "case-study", id),
    () => defaultCaseStudies.find((study) => study.id === id),
  ).then((study) => study && withVersionedImage(study));
}

/** Articles, newest first. */
export function getArticles(db: Db, logger: Logger): Promise<Article[]> {
  return readOrFallback(
    logger,
    "articles",
    () => listVisible(db, "article"),
    () => [...defaultArticles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
  ).then((articles) => articles.map(withVersionedImage));
}

export function findArticle(db: Db, logger: Logger, id: string): Promise<Article | undefined> {
  return readOrFallback(
    logger,
    "article",
    () => getVisible(db, "article", id),
    () => defaultArticles.find((article) => article.id === id),
  ).then((article) => article && withVersionedImage(article));
}
