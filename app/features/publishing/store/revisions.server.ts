// The revisions of articles and case studies: every save, restore and deletion keeps the item's
// whole text with its version, so History can show and bring back any of them.
import type { Transaction } from "kysely";
import type { Db, Tables } from "~/platform/db/tables.server";
import type { PublicationRecord, PublicationRevision } from "../schema";
import { type Kind, parseRecord } from "./rows.server";

export type RevisionAction = "original" | "save" | "restore" | "delete";

/** Keeps one version of an item, in the transaction that wrote it. */
export async function insertRevision(
  trx: Transaction<Tables>,
  kind: Kind,
  row: { id: string; version: number; status: string; publish_at: string | null; data: string },
  action: RevisionAction,
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

/** The revisions of one item, newest first. */
export async function listRevisions(
  db: Db | Transaction<Tables>,
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
  return { itemId: row.item_id, record: parseRecord(kind, row.data) };
}
