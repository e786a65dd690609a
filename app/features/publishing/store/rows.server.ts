// The rows of the articles and case studies tables as the store reads them: which table a kind
// lives in, how its JSON is parsed, the columns only one kind has and each kind's order. Shared by
// the store's reads, writes and revisions.
import type { Transaction } from "kysely";
import { sql } from "kysely";
import { dropUnsafeBlockLinks } from "~/capabilities/blocks/page-blocks";
import type { Db, Tables } from "~/platform/db/tables.server";
import {
  articleSchema,
  caseStudySchema,
  getEffectiveStatus,
  hasEnded,
  type PublicationKind,
  type PublicationRecord,
  type PublicationState,
  pageSchema,
} from "../schema";

export type Kind = PublicationKind;
export type Row = {
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
  table: "articles" | "case_studies" | "pages";
  parse: (value: unknown) => PublicationRecord[K];
  /** Columns only this kind's table has. */
  extraColumns: (record: PublicationRecord[K]) => Record<string, unknown>;
  /** Newest first for articles, the admin's order for case studies. */
  sort: (a: Row, b: Row) => number;
};

const isStored = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** When an article appears: its publication time, else when it was stored. */
export function getArticleTime(row: Row): string {
  return row.publish_at ?? row.published_at ?? row.updated_at;
}

export const kindSpecs: { [K in Kind]: KindSpec<K> } = {
  article: {
    table: "articles",
    parse: (value) => articleSchema.parse(value),
    extraColumns: (record) => ({ published_at: record.publishedAt }),
    sort: (a, b) => getArticleTime(b).localeCompare(getArticleTime(a)) || a.position - b.position,
  },
  "case-study": {
    table: "case_studies",
    parse: (value) => caseStudySchema.parse(value),
    extraColumns: () => ({}),
    sort: (a, b) => a.position - b.position,
  },
  page: {
    table: "pages",
    parse: (value) =>
      pageSchema.parse(
        isStored(value) ? { ...value, blocks: dropUnsafeBlockLinks(value.blocks) } : value,
      ),
    extraColumns: () => ({}),
    sort: (a, b) => a.id.localeCompare(b.id),
  },
};

// The tables have the columns of Row; Kysely cannot type a query over "one of three tables", so
// queries name the narrower one (case_studies) and articles' own column is added by extraColumns.
export function tableOf(kind: Kind): "case_studies" {
  return kindSpecs[kind].table as "case_studies";
}

/** The record a row's (or a revision's) JSON holds. */
export function parseRecord<K extends Kind>(kind: K, data: string): PublicationRecord[K] {
  return kindSpecs[kind].parse(JSON.parse(data)) as PublicationRecord[K];
}

export type StoredPublication<K extends Kind> = PublicationState & {
  record: PublicationRecord[K];
};

export function toStored<K extends Kind>(kind: K, row: Row, now: Date): StoredPublication<K> {
  return {
    record: parseRecord(kind, row.data),
    status: getEffectiveStatus(row.status, row.publish_at, now),
    publishAt: row.publish_at,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

export const rowColumns = [
  "id",
  "position",
  "data",
  "status",
  "publish_at",
  "version",
  "updated_at",
] as const;

/** The rows of a kind in its order; with visibleAt, only those visitors see at that time. */
export async function selectRows(
  db: Db | Transaction<Tables>,
  kind: Kind,
  visibleAt?: Date,
  /** Only these items (by id), for a reader that needs a few, not the whole table. */
  ids?: readonly string[],
): Promise<Row[]> {
  if (ids?.length === 0) return [];
  let query = db.selectFrom(tableOf(kind)).select(rowColumns);
  if (ids) query = query.where("id", "in", [...ids]);
  if (kind === "article") query = query.select(sql<string>`published_at`.as("published_at"));
  if (visibleAt) {
    const now = visibleAt.toISOString();
    query = query
      .where("status", "=", "published")
      .where((eb) => eb.or([eb("publish_at", "is", null), eb("publish_at", "<=", now)]));
  }
  const rows = (await query.execute()) as Row[];
  // A page past its take-down date is gone for visitors, whatever its status says.
  const visible =
    visibleAt && kind === "page"
      ? rows.filter((row) => !hasEnded(parseRecord("page", row.data), visibleAt))
      : rows;
  return visible.sort(kindSpecs[kind].sort);
}

/** One row, whatever its status (in a transaction: the row a write starts from). */
export async function selectRow(
  db: Db | Transaction<Tables>,
  kind: Kind,
  id: string,
): Promise<Row | undefined> {
  return (await db
    .selectFrom(tableOf(kind))
    .select(rowColumns)
    .where("id", "=", id)
    .executeTakeFirst()) as Row | undefined;
}
