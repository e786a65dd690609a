// What visitors read of articles and case studies: the published ones whose time has come (else the
// built-in defaults), with versioned images and focal points, dated in the site time zone; a hidden
// slug's 301 or preview; when pages change by themselves, and each page's last change.
import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { withImagePositions } from "~/capabilities/media/image-records.server";
import { withVersionedImage } from "~/capabilities/media/image-versions.server";
import { type AppContext, getAppContext } from "~/platform/context.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { formatTime } from "~/platform/format-time";
import { expirePageAt, markPageUncacheable } from "~/platform/page-cache/hints.server";
import { getRequestSession } from "~/platform/sessions.server";
import { defaultArticles } from "./default-articles";
import { defaultCaseStudies } from "./default-case-studies";
import { kindTexts } from "./kind-texts";
import type {
  Article,
  CaseStudy,
  Page,
  PreviewNotice,
  PublicationKind,
  PublicationRecord,
} from "./schema";
import {
  getForAdmin,
  getNextPublicationTime,
  getVisible,
  listVisible,
  listVisibleEntries,
  toZonedRecord,
} from "./store/reads.server";

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

export type PlacedCaseStudy = CaseStudy & ImagePlacement;
export type PlacedArticle = Article & ImagePlacement;

export function getCaseStudies(db: Db, logger: Logger): Promise<PlacedCaseStudy[]> {
  return readOrFallback(
    logger,
    "case studies",
    async (): Promise<PlacedCaseStudy[]> =>
      withImagePositions(db, await listVisible(db, "case-study")),
    () => defaultCaseStudies,
  ).then((studies) => studies.map(withVersionedImage));
}

export function findCaseStudy(
  db: Db,
  logger: Logger,
  id: string,
): Promise<PlacedCaseStudy | undefined> {
  return readOrFallback(
    logger,
    "case study",
    async (): Promise<PlacedCaseStudy | undefined> => {
      const study = await getVisible(db, "case-study", id);
      return study && (await withImagePositions(db, [study]))[0];
    },
    () => defaultCaseStudies.find((study) => study.id === id),
  ).then((study) => study && withVersionedImage(study));
}

/** Articles, newest first, dated in the site time zone. */
export function getArticles(db: Db, logger: Logger, timeZone: string): Promise<PlacedArticle[]> {
  return readOrFallback(
    logger,
    "articles",
    async (): Promise<PlacedArticle[]> =>
      withImagePositions(db, await listVisible(db, "article", new Date(), timeZone)),
    () => [...defaultArticles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
  ).then((articles) => articles.map(withVersionedImage));
}

export function findArticle(
  db: Db,
  logger: Logger,
  id: string,
  timeZone: string,
): Promise<PlacedArticle | undefined> {
  return readOrFallback(
    logger,
    "article",
    async (): Promise<PlacedArticle | undefined> => {
      const article = await getVisible(db, "article", id, new Date(), timeZone);
      return article && (await withImagePositions(db, [article]))[0];
    },
    () => defaultArticles.find((article) => article.id === id),
  ).then((article) => article && withVersionedImage(article));
}

/**
 * Answers the admin's preview of a hidden item, or undefined (the page answers 404). A moved
 * slug's redirect was answered before any page rendered (the redirects feature).
 */
export async function resolveHiddenPublication<K extends PublicationKind>(
  { db, config }: Pick<AppContext, "db" | "config">,
  request: Request,
  kind: K,
  id: string,
  timeZone: string,
): Promise<{ record: PublicationRecord[K] & ImagePlacement; preview: PreviewNotice } | undefined> {
  const session = await getRequestSession(db, request, config.secure).catch(() => undefined);
  if (!session) return undefined;
  const item = await getForAdmin(db, kind, id);
  if (!item) return undefined;
  // The preview crops the cover as the published page will.
  const zoned = toZonedRecord(kind, item.record, item.publishAt, timeZone);
  // A page has no cover to crop.
  const [record = zoned] = (
    "imageUrl" in zoned ? await withImagePositions(db, [zoned]).catch(() => []) : [zoned]
  ) as (PublicationRecord[K] & ImagePlacement)[];
  return {
    record,
    preview: {
      status: item.status,
      publishAt: item.publishAt,
      publishAtText: item.publishAt ? formatTime(item.publishAt, timeZone) : "",
      editPath: kindTexts[kind].adminItemPath(id),
    },
  };
}

/**
 * Tells the page cache that the page being rendered changes by itself when the next scheduled
 * item comes due (it joins lists, related items, the sitemap). Unknown when the database cannot be
 * read: then the page is not kept past now.
 */
export async function expireAtNextPublication(
  context: Readonly<RouterContextProvider>,
): Promise<void> {
  const { db, logger } = getAppContext(context);
  try {
    const next = await getNextPublicationTime(db);
    if (next) expirePageAt(context, next);
  } catch (error) {
    // An outage is one warning line; anything else is a bug with its stack.
    logDatabaseError(logger, error, "Failed to read the next publication time");
    expirePageAt(context, Date.now());
  }
}

export type PageTimes = {
  /** The current content document revision. */
  content?: string;
  caseStudies?: ReadonlyMap<string, string>;
  articles?: ReadonlyMap<string, string>;
  pages?: ReadonlyMap<string, string>;
};

export type DatedPublications = {
  caseStudies: CaseStudy[];
  articles: Article[];
  /** The visible pages built from blocks. */
  pages?: Pick<Page, "id" | "title" | "noindex">[];
  times: PageTimes;
};

export async function readPageTimes(db: Db): Promise<DatedPublications> {
  const [revision, studies, articles, pages] = await Promise.all([
    db
      .selectFrom("content_revisions")
      .select("created_at")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    listVisibleEntries(db, "case-study"),
    listVisibleEntries(db, "article"),
    listVisibleEntries(db, "page"),
  ]);
  return {
    caseStudies: studies.map((entry) => entry.record),
    articles: articles.map((entry) => entry.record),
    // noindex comes along: both sitemaps leave such a page out.
    pages: pages.map(({ record }) => ({
      id: record.id,
      title: record.title,
      noindex: record.noindex ?? false,
    })),
    times: {
      content: revision?.created_at,
      caseStudies: new Map(studies.map((entry) => [entry.record.id, entry.updatedAt])),
      articles: new Map(articles.map((entry) => [entry.record.id, entry.updatedAt])),
      pages: new Map(pages.map((entry) => [entry.record.id, entry.updatedAt])),
    },
  };
}
