// The content store: the site content document as numbered revisions (a save adds one, older ones
// stay), plus the case-study and article rows. Seeds a new database with the built-in defaults.
import { sql } from "kysely";
import { defaultArticles } from "~/content/default-articles";
import { defaultCaseStudies } from "~/content/default-case-studies";
import { defaultContent } from "~/content/default-content";
import {
  type Article,
  articleSchema,
  type CaseStudy,
  caseStudySchema,
  contentSchema,
  type SiteContent,
} from "~/content/schema";
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
    if (!revision) {
      await trx
        .insertInto("content_revisions")
        .values({ document: JSON.stringify(defaultContent), created_at: now, author: null })
        .execute();
    }
    const caseStudy = await trx.selectFrom("case_studies").select("id").limit(1).executeTakeFirst();
    if (!caseStudy) {
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
      await trx
        .insertInto("articles")
        .values(
          defaultArticles.map((entry, position) => ({
            id: entry.id,
            position,
            data: JSON.stringify(entry),
            published_at: entry.publishedAt,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
}

export async function listCaseStudies(db: Db): Promise<CaseStudy[]> {
  const rows = await db.selectFrom("case_studies").select("data").orderBy("position").execute();
  return rows.map((row) => caseStudySchema.parse(JSON.parse(row.data)));
}

export async function getCaseStudy(db: Db, id: string): Promise<CaseStudy | undefined> {
  const row = await db
    .selectFrom("case_studies")
    .select("data")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? caseStudySchema.parse(JSON.parse(row.data)) : undefined;
}

/** Articles, newest first. */
export async function listArticles(db: Db): Promise<Article[]> {
  const rows = await db
    .selectFrom("articles")
    .select("data")
    .orderBy("published_at", "desc")
    .orderBy("position")
    .execute();
  return rows.map((row) => articleSchema.parse(JSON.parse(row.data)));
}

export async function getArticle(db: Db, id: string): Promise<Article | undefined> {
  const row = await db
    .selectFrom("articles")
    .select("data")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? articleSchema.parse(JSON.parse(row.data)) : undefined;
}
