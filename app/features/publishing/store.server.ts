// The articles and case studies store (issue 10): what visitors may see (published, and time come),
// what admins write (drafts, schedules, slugs that keep their old address with a 301), every save
// kept as a revision, and If-Match versions so a concurrent edit is refused instead of lost.
import type { Insertable, Transaction } from "kysely";
import { sql } from "kysely";
import {
  type Article,
  articleSchema,
  type CaseStudy,
  caseStudySchema,
} from "~/features/content/schema";
import type { ImageUse } from "~/features/media/image-uses.server";
import type { Actor } from "~/platform/activity/activity.server";
import { recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import type { CaseStudyTable, Db, Tables } from "~/platform/db/tables.server";
import {
  type ArticleInput,
  type CaseStudyInput,
  computeReadTime,
  formatDisplayDate,
  getEffectiveStatus,
  type PublicationInput,
  type PublicationKind,
  type PublicationRecord,
  type PublicationState,
  toInitials,
  toPublicationInput,
} from "./schema";

type Kind = PublicationKind;
type Row = {
  id: string;
  position: number;
  data: string;
  status: string;
  publish_at: string | null;
  version: number;
  updated_at: string;
  published_at?: string;
};

type KindSpec<K extends Kind> = {
  table: "articles" | "case_studies";
  parse: (value: unknown) => PublicationRecord[K];
  /** The public record an admin's input describes, at its publication time. */
  toRecord: (input: PublicationInput[K], shownAt: string) => PublicationRecord[K];
  /** Columns only this kind's table has. */
  extraColumns: (record: PublicationRecord[K]) => Record<string, unknown>;
  /** Newest first for articles, the admin's order for case studies. */
  sort: (a: Row, b: Row) => number;
};

function articleTime(row: Row): string {
  return row.publish_at ?? row.published_at ?? row.updated_at;
}

const specs: { [K in Kind]: KindSpec<K> } = {
  article: {
    table: "articles",
    parse: (value) => articleSchema.parse(value),
    toRecord: (input: ArticleInput, shownAt): Article => ({
      id: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      category: input.category,
      imageUrl: input.imageUrl,
      imageAlt: input.imageUrl ? input.imageAlt : "",
      author: { name: input.authorName, initials: toInitials(input.authorName) },
      date: formatDisplayDate(shownAt),
      publishedAt: shownAt.slice(0, 10),
      readTime: input.readTime || computeReadTime(input.body),
      body: input.body,
      seoDescription: input.seoDescription,
    }),
    extraColumns: (record) => ({ published_at: record.publishedAt }),
    sort: (a, b) => articleTime(b).localeCompare(articleTime(a)) || a.position - b.position,
  },
  "case-study": {
    table: "case_studies",
    parse: (value) => caseStudySchema.parse(value),
    toRecord: (input: CaseStudyInput): CaseStudy => ({
      id: input.slug,
      title: input.title,
      description: input.description,
      industry: input.industry,
      imageUrl: input.imageUrl,
      imageAlt: input.imageUrl ? input.imageAlt : "",
      client: input.client,
      challenge: input.challenge,
      approach: input.approach,
      results: input.results,
      testimonial: { ...input.testimonial, initials: toInitials(input.testimonial.name) },
      body: input.body,
      seoDescription: input.seoDescription,
    }),
    extraColumns: () => ({}),
    sort: (a, b) => a.position - b.position,
  },
};

// Both tables have the columns of Row; Kysely cannot type a query over "one of two tables", so
// queries name the narrower one (case_studies) and articles' own column is added by extraColumns.
function tableOf(kind: Kind): "case_studies" {
  return specs[kind].table as "case_studies";
}

/** Refused input, with a message per field (the API answers 400 with them). */
export class PublicationInputError extends Error {
  override name = "PublicationInputError";
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? "Invalid input");
    this.errors = errors;
  }
}

export class PublicationConflictError extends Error {
  override name = "PublicationConflictError";
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super("This item was changed by someone else since you loaded it");
    this.currentVersion = currentVersion;
  }
}

export class PublicationNotFoundError extends Error {
  override name = "PublicationNotFoundError";
}

export type StoredPublication<K extends Kind> = PublicationState & {
  record: PublicationRecord[K];
};

function toStored<K extends Kind>(kind: K, row: Row, now: Date): StoredPublication<K> {
  return {
    record: specs[kind].parse(JSON.parse(row.data)) as PublicationRecord[K],
    status: getEffectiveStatus(row.status, row.publish_at, now),
    publishAt: row.publish_at,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

const rowColumns = [
  "id",
  "position",
  "data",
  "status",
  "publish_at",
  "version",
  "updated_at",
] as const;

async function selectRows(
  db: Db | Transaction<Tables>,
  kind: Kind,
  visibleAt?: Date,
): Promise<Row[]> {
  let query = db.selectFrom(tableOf(kind)).select(rowColumns);
  if (kind === "article") query = query.select(sql<string>`published_at`.as("published_at"));
  if (visibleAt) {
    const now = visibleAt.toISOString();
    query = query
      .where("status", "=", "published")
      .where((eb) => eb.or([eb("publish_at", "is", null), eb("publish_at", "<=", now)]));
  }
  const rows = (await query.execute()) as Row[];
  return rows.sort(specs[kind].sort);
}

/** What visitors see: published items whose time has come, in the kind's order. */
export async function listVisible<K extends Kind>(
  db: Db,
  kind: K,
  now = new Date(),
): Promise<PublicationRecord[K][]> {
  const rows = await selectRows(db, kind, now);
  return rows.map((row) => specs[kind].parse(JSON.parse(row.data)) as PublicationRecord[K]);
}

/** One item as visitors see it, or undefined when it is missing, a draft or not yet due. */
export async function getVisible<K extends Kind>(
  db: Db,
  kind: K,
  id: string,
  now = new Date(),
): Promise<PublicationRecord[K] | undefined> {
  const row = await db
    .selectFrom(tableOf(kind))
    .select(["data", "status", "publish_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || getEffectiveStatus(row.status, row.publish_at, now) !== "published") return undefined;
  return specs[kind].parse(JSON.parse(row.data)) as PublicationRecord[K];
}

/** Where an old slug now lives, when the item there is visible: the 301's target. */
export async function findRedirect(
  db: Db,
  kind: Kind,
  oldId: string,
  now = new Date(),
): Promise<string | undefined> {
  const redirect = await db
    .selectFrom("publication_redirects")
    .select("new_id")
    .where("kind", "=", kind)
    .where("old_id", "=", oldId)
    .executeTakeFirst();
  if (!redirect) return undefined;
  return (await getVisible(db, kind, redirect.new_id, now)) ? redirect.new_id : undefined;
}

/** Every item, whatever its status, for the admin list and the image library. */
export async function listForAdmin<K extends Kind>(
  db: Db,
  kind: K,
  now = new Date(),
): Promise<StoredPublication<K>[]> {
  const rows = await selectRows(db, kind);
  return rows.map((row) => toStored(kind, row, now));
}

export async function getForAdmin<K extends Kind>(
  db: Db | Transaction<Tables>,
  kind: K,
  id: string,
  now = new Date(),
): Promise<StoredPublication<K> | undefined> {
  const row = (await db
    .selectFrom(tableOf(kind))
    .select(rowColumns)
    .where("id", "=", id)
    .executeTakeFirst()) as Row | undefined;
  return row ? toStored(kind, row, now) : undefined;
}

/**
 * The stored publish_at of a save: a draft keeps the time it was given; scheduling needs a time
 * ahead (or the unchanged one, so a save racing the publication is not refused); publishing takes
 * the given past time or now.
 */
function resolvePublishAt(
  input: { status: string; publishAt: string },
  previous: string | null,
  now: Date,
): string | null {
  const given = input.publishAt ? new Date(input.publishAt).toISOString() : null;
  if (input.status === "draft") return given;
  if (input.status === "scheduled") {
    if (given && (given > now.toISOString() || given === previous)) return given;
    throw new PublicationInputError({ publishAt: "Choose a date and time in the future" });
  }
  if (given && given > now.toISOString()) {
    throw new PublicationInputError({
      publishAt:
        "A publication date in the future means Scheduled: choose Scheduled or an earlier date",
    });
  }
  return given ?? now.toISOString();
}

function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "23505" || (typeof message === "string" && /UNIQUE constraint failed/i.test(message))
  );
}

const slugTaken = () =>
  new PublicationInputError({ slug: "Another item already uses this URL slug: choose another" });

async function insertRevision(
  trx: Transaction<Tables>,
  kind: Kind,
  row: { id: string; version: number; status: string; publish_at: string | null; data: string },
  action: "original" | "save" | "restore" | "delete",
  author: string | null,
  now: Date,
) {
  await trx
    .insertInto("publication_revisions")
    .values({
      kind,
      item_id: row.id,
      version: row.version,
      status: row.status,
      publish_at: row.publish_at,
      data: row.data,
      action,
      author,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Moves the old addresses of an item to its new slug (chains collapse to one hop). */
async function moveSlug(
  trx: Transaction<Tables>,
  kind: Kind,
  oldId: string,
  newId: string,
  now: Date,
) {
  await trx
    .deleteFrom("publication_redirects")
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb("old_id", "=", newId), eb("old_id", "=", oldId)]))
    .execute();
  await trx
    .updateTable("publication_redirects")
    .set({ new_id: newId })
    .where("kind", "=", kind)
    .where("new_id", "=", oldId)
    .execute();
  await trx
    .insertInto("publication_redirects")
    .values({ kind, old_id: oldId, new_id: newId, created_at: now.toISOString() })
    .execute();
  await trx
    .updateTable("publication_revisions")
    .set({ item_id: newId })
    .where("kind", "=", kind)
    .where("item_id", "=", oldId)
    .execute();
}

/** Who saves, for the revision's author and the activity log (recorded in the same transaction). */
export type SaveOptions = { actor: Actor; now?: Date };

async function recordChange(
  trx: Transaction<Tables>,
  kind: Kind,
  action: "save" | "restore" | "delete",
  actor: Actor,
  target: string,
  detail: Record<string, unknown>,
) {
  await recordActivity(trx, {
    action: action === "delete" ? "delete" : `${kind}-${action}`,
    actor,
    target: `${kind} ${target}`,
    detail,
  });
}

/** Creates an item; its slug must be free (an old slug of another item may be taken over). */
export async function createPublication<K extends Kind>(
  db: Db,
  kind: K,
  input: PublicationInput[K],
  options: SaveOptions,
): Promise<StoredPublication<K>> {
  const now = options.now ?? new Date();
  const publishAt = resolvePublishAt(input, null, now);
  const record = specs[kind].toRecord(input, publishAt ?? now.toISOString());
  try {
    return await db.transaction().execute(async (trx) => {
      if (await getForAdmin(trx, kind, input.slug, now)) throw slugTaken();
      const last = await trx
        .selectFrom(tableOf(kind))
        .select((eb) => eb.fn.max("position").as("position"))
        .executeTakeFirst();
      // A deleted item's revisions stay: the new one continues their numbering.
      const previous = await trx
        .selectFrom("publication_revisions")
        .select((eb) => eb.fn.max("version").as("version"))
        .where("kind", "=", kind)
        .where("item_id", "=", input.slug)
        .executeTakeFirst();
      const row = {
        id: input.slug,
        position: Number(last?.position ?? -1) + 1,
        data: JSON.stringify(record),
        status: input.status === "draft" ? "draft" : "published",
        publish_at: publishAt,
        version: Number(previous?.version ?? 0) + 1,
        updated_at: now.toISOString(),
      };
      await trx
        .insertInto(tableOf(kind))
        .values({ ...row, ...specs[kind].extraColumns(record) } as Insertable<CaseStudyTable>)
        .execute();
      await trx
        .deleteFrom("publication_redirects")
        .where("kind", "=", kind)
        .where("old_id", "=", input.slug)
        .execute();
      await insertRevision(trx, kind, row, "save", options.actor.email, now);
      await recordChange(trx, kind, "save", options.actor, row.id, {
        status: getEffectiveStatus(row.status, row.publish_at, now),
        created: true,
      });
      await markDataChanged(trx, specs[kind].table);
      return toStored(kind, row, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Writes a new version of an existing item. With expectedVersion, a row changed since then is
 * refused with PublicationConflictError and nothing is written.
 */
export async function updatePublication<K extends Kind>(
  db: Db,
  kind: K,
  id: string,
  input: PublicationInput[K],
  options: SaveOptions & { expectedVersion?: number | undefined; action?: "save" | "restore" },
): Promise<StoredPublication<K>> {
  const now = options.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      const current = (await trx
        .selectFrom(tableOf(kind))
        .select(rowColumns)
        .where("id", "=", id)
        .executeTakeFirst()) as Row | undefined;
      if (!current) throw new PublicationNotFoundError(`No ${kind} ${id}`);
      if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
        throw new PublicationConflictError(current.version);
      }
      const publishAt = resolvePublishAt(input, current.publish_at, now);
      const record = specs[kind].toRecord(input, publishAt ?? now.toISOString());
      if (input.slug !== id && (await getForAdmin(trx, kind, input.slug, now))) throw slugTaken();
      const hasRevision = await trx
        .selectFrom("publication_revisions")
        .select("id")
        .where("kind", "=", kind)
        .where("item_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      // Seeded rows have no revision yet: keep what they were before the first edit.
      if (!hasRevision) await insertRevision(trx, kind, current, "original", null, now);
      const row = {
        id: input.slug,
        data: JSON.stringify(record),
        status: input.status === "draft" ? "draft" : "published",
        publish_at: publishAt,
        version: current.version + 1,
        updated_at: now.toISOString(),
      };
      // The version in the WHERE makes the check and the write one step on both engines.
      const result = await trx
        .updateTable(tableOf(kind))
        .set({ ...row, ...specs[kind].extraColumns(record) })
        .where("id", "=", id)
        .where("version", "=", current.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1)
        throw new PublicationConflictError(current.version + 1);
      if (input.slug !== id) await moveSlug(trx, kind, id, input.slug, now);
      const action = options.action ?? "save";
      await insertRevision(trx, kind, row, action, options.actor.email, now);
      await recordChange(trx, kind, action, options.actor, row.id, {
        status: getEffectiveStatus(row.status, row.publish_at, now),
        ...(row.id !== id ? { previousSlug: id } : {}),
      });
      await markDataChanged(trx, specs[kind].table);
      return toStored(kind, { ...current, ...row }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Deletes an item; its revisions stay (History can bring it back), its old addresses go. */
export async function deletePublication(
  db: Db,
  kind: Kind,
  id: string,
  options: SaveOptions & { expectedVersion?: number | undefined },
): Promise<void> {
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const current = (await trx
      .selectFrom(tableOf(kind))
      .select(rowColumns)
      .where("id", "=", id)
      .executeTakeFirst()) as Row | undefined;
    if (!current) throw new PublicationNotFoundError(`No ${kind} ${id}`);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw new PublicationConflictError(current.version);
    }
    await trx
      .deleteFrom(tableOf(kind))
      .where("id", "=", id)
      .where("version", "=", current.version)
      .execute();
    await trx
      .deleteFrom("publication_redirects")
      .where("kind", "=", kind)
      .where("new_id", "=", id)
      .execute();
    await insertRevision(
      trx,
      kind,
      { ...current, version: current.version + 1 },
      "delete",
      options.actor.email,
      now,
    );
    await recordChange(trx, kind, "delete", options.actor, id, {});
    await markDataChanged(trx, specs[kind].table);
  });
}

export type PublicationRevision = {
  id: number;
  version: number;
  action: string;
  author: string | null;
  createdAt: string;
  status: string;
  title: string;
};

/** The revisions of one item, newest first. */
export async function listRevisions(
  db: Db,
  kind: Kind,
  id: string,
): Promise<PublicationRevision[]> {
  const rows = await db
    .selectFrom("publication_revisions")
    .selectAll()
    .where("kind", "=", kind)
    .where("item_id", "=", id)
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    action: row.action,
    author: row.author,
    createdAt: row.created_at,
    status: row.status,
    title: String((JSON.parse(row.data) as { title?: unknown }).title ?? ""),
  }));
}

/** The record one revision holds, for Restore. */
export async function getRevisionRecord<K extends Kind>(
  db: Db,
  kind: K,
  revisionId: number,
): Promise<{ itemId: string; record: PublicationRecord[K] } | undefined> {
  const row = await db
    .selectFrom("publication_revisions")
    .select(["item_id", "data"])
    .where("kind", "=", kind)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    itemId: row.item_id,
    record: specs[kind].parse(JSON.parse(row.data)) as PublicationRecord[K],
  };
}

/**
 * Saves a revision's text as a new version: status, publication time and slug stay as they are.
 * An item deleted since comes back as a draft.
 */
export async function restorePublication<K extends Kind>(
  db: Db,
  kind: K,
  id: string,
  revisionId: number,
  options: SaveOptions & { expectedVersion?: number | undefined },
): Promise<StoredPublication<K>> {
  const revision = await getRevisionRecord(db, kind, revisionId);
  if (!revision || revision.itemId !== id) {
    throw new PublicationNotFoundError("That revision does not exist");
  }
  const current = await getForAdmin(db, kind, id, options.now);
  const toInput = toPublicationInput[kind];
  if (!current) {
    const input = toInput(revision.record, { status: "draft", publishAt: null });
    return createPublication(db, kind, { ...input, slug: id }, options);
  }
  const input = toInput(revision.record, current);
  return updatePublication(db, kind, id, { ...input, slug: id }, { ...options, action: "restore" });
}

/** The next time a scheduled item becomes visible, for pages that must change then. */
export async function getNextPublicationTime(db: Db, now = new Date()): Promise<Date | undefined> {
  const iso = now.toISOString();
  const times = await Promise.all(
    (["article", "case-study"] as const).map((kind) =>
      db
        .selectFrom(tableOf(kind))
        .select((eb) => eb.fn.min("publish_at").as("next"))
        .where("status", "=", "published")
        .where("publish_at", ">", iso)
        .executeTakeFirst(),
    ),
  );
  const next = times
    .map((row) => row?.next)
    .filter((value): value is string => typeof value === "string")
    .sort()[0];
  return next ? new Date(next) : undefined;
}

/** Which items use which image, whatever their status: a draft's cover is in use too. */
export async function listImageUses(db: Db): Promise<ImageUse[]> {
  const [articles, caseStudies] = await Promise.all([
    listForAdmin(db, "article"),
    listForAdmin(db, "case-study"),
  ]);
  return [
    ...caseStudies.map(({ record }) => ({
      url: record.imageUrl,
      label: `Case study: ${record.title}`,
      href: `/admin/case-studies/${record.id}`,
    })),
    ...articles.map(({ record }) => ({
      url: record.imageUrl,
      label: `Article: ${record.title}`,
      href: `/admin/articles/${record.id}`,
    })),
  ].filter((use) => use.url);
}

export type VisibleEntry<K extends Kind> = {
  record: PublicationRecord[K];
  publishedAt: string;
  updatedAt: string;
};

/** Visible items with their publication and last-change times, for the feed. */
export async function listVisibleEntries<K extends Kind>(
  db: Db,
  kind: K,
  now = new Date(),
): Promise<VisibleEntry<K>[]> {
  const rows = await selectRows(db, kind, now);
  return rows.map((row) => {
    const publishedAt = new Date(
      kind === "article" ? articleTime(row) : (row.publish_at ?? row.updated_at),
    ).toISOString();
    const updatedAt = new Date(row.updated_at).toISOString();
    return {
      record: specs[kind].parse(JSON.parse(row.data)) as PublicationRecord[K],
      publishedAt,
      // A seeded row is "updated" when it was stored, before its publication date: never earlier.
      updatedAt: updatedAt.localeCompare(publishedAt) > 0 ? updatedAt : publishedAt,
    };
  });
}
