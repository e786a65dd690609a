// The content store: the site content document as numbered revisions (a save adds one, older ones
// stay), plus what visitors may see of the case-study and article rows (features/publishing). Seeds a new database with the built-in defaults.
import { sql } from "kysely";
import { defaultArticles } from "~/content/default-articles";
import { defaultCaseStudies } from "~/content/default-case-studies";
import { defaultContent } from "~/content/default-content";
import { type Article, type CaseStudy, contentSchema, type SiteContent } from "~/content/schema";
import { getVisible, listVisible } from "~/features/publishing/store.server";
import { markDataChanged } from "~/platform/data-version.server";
import { getDialectName } from "./db/dialect.server";
import type { Db } from "./db/tables.server";

export type ContentRevision = { content: SiteContent; version: number };

export class ContentConflictError extends Error {
  override name = "ContentConflictError";
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super("The content was changed by someone else since you loaded it");
    this.currentVersion = currentVersion;
  }
}

/**
 * Reads a stored document over the defaults, section by section, so that a field added to the
 * schema later gets its default instead of failing the old document.
 */
export function normalizeContent(stored: unknown): SiteContent {
  const raw = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const merged = Object.fromEntries(
    Object.entries(defaultContent).map(([section, defaults]) => {
      const value = raw[section];
      return [section, value && typeof value === "object" ? { ...defaults, ...value } : defaults];
    }),
  );
  return contentSchema.parse(merged);
}

const parsedRevisions = new WeakMap<Db, ContentRevision>();

/** The current content revision; parsing is skipped when the version has not changed. */
export async function readContent(db: Db): Promise<ContentRevision> {
  const row = await db
    .selectFrom("content_revisions")
    .select(["id", "document"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return { content: defaultContent, version: 0 };
  const cached = parsedRevisions.get(db);
  if (cached?.version === row.id) return cached;
  const revision = { content: normalizeContent(JSON.parse(row.document)), version: row.id };
  parsedRevisions.set(db, revision);
  return revision;
}

/**
 * Saves the given sections over the current document as a new revision. With expectedVersion, a
 * document changed since then is refused with ContentConflictError and nothing is written.
 */
export async function saveContent(
  db: Db,
  sections: Partial<SiteContent>,
  options: {
    expectedVersion?: number | undefined;
    author?: string;
    /** Runs in the save's transaction (the activity log's entry, for one). */
    onSaved?: (trx: Db, revision: ContentRevision) => Promise<void>;
  } = {},
): Promise<ContentRevision> {
  return db.transaction().execute(async (trx) => {
    if (getDialectName(trx) === "postgres") {
      // Serializes saves so two editors cannot both build on the same revision.
      await sql`lock table content_revisions in share row exclusive mode`.execute(trx);
    }
    const current = await readContent(trx);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw new ContentConflictError(current.version);
    }
    const content = contentSchema.parse({ ...current.content, ...sections });
    const inserted = await trx
      .insertInto("content_revisions")
      .values({
        document: JSON.stringify(content),
        created_at: new Date().toISOString(),
        author: options.author ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const revision = { content, version: inserted.id };
    await options.onSaved?.(trx, revision);
    await markDataChanged(trx, "content");
    await pruneRevisions(trx);
    return revision;
  });
}

/** History keeps every revision of the last 90 days and, whatever their age, the last 50. */
export const revisionRetention = { days: 90, keepAtLeast: 50 };

async function pruneRevisions(trx: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - revisionRetention.days * 24 * 60 * 60 * 1000);
  const oldestKept = await trx
    .selectFrom("content_revisions")
    .select("id")
    .orderBy("id", "desc")
    .offset(revisionRetention.keepAtLeast - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  await trx
    .deleteFrom("content_revisions")
    .where("id", "<", oldestKept.id)
    .where("created_at", "<", cutoff.toISOString())
    .execute();
}

/** Fills an empty database with the default content, case studies and articles. */
export async function seedDefaults(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const revision = await trx
      .selectFrom("content_revisions")
      .select("id")
      .limit(1)
      .executeTakeFirst();
    let seeded = false;
    if (!revision) {
      seeded = true;
      await trx
        .insertInto("content_revisions")
        .values({ document: JSON.stringify(defaultContent), created_at: now, author: null })
        .execute();
    }
    const caseStudy = await trx.selectFrom("case_studies").select("id").limit(1).executeTakeFirst();
    if (!caseStudy) {
      seeded = true;
      await trx
        .insertInto("case_studies")
        .values(
          defaultCaseStudies.map((study, position) => ({
            id: study.id,
            position,
            data: JSON.stringify(study),
            updated_at: now,
          })),
        )
        .execute();
    }
    const article = await trx.selectFrom("articles").select("id").limit(1).executeTakeFirst();
    if (!article) {
      seeded = true;
      await trx
        .insertInto("articles")
        .values(
          defaultArticles.map((entry, position) => ({
            id: entry.id,
            position,
            data: JSON.stringify(entry),
            published_at: entry.publishedAt,
            publish_at: `${entry.publishedAt}T00:00:00.000Z`,
            updated_at: now,
          })),
        )
        .execute();
    }
    if (seeded) await markDataChanged(trx, "seed");
  });
}

/** Case studies visitors may see (published, time come), in the admin's order. */
export function listCaseStudies(db: Db): Promise<CaseStudy[]> {
  return listVisible(db, "case-study");
}

/** One case study, when visitors may see it. */
export function getCaseStudy(db: Db, id: string): Promise<CaseStudy | undefined> {
  return getVisible(db, "case-study", id);
}

/** Articles visitors may see, newest first. */
export function listArticles(db: Db): Promise<Article[]> {
  return listVisible(db, "article");
}

/** One article, when visitors may see it. */
export function getArticle(db: Db, id: string): Promise<Article | undefined> {
  return getVisible(db, "article", id);
}
