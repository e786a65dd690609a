// The old addresses of items whose slug changed (articles, case studies, services), kept by the
// kinds' saves: one table per kind, each old slug pointing straight at the latest one, so a 301
// takes one hop. The redirects feature answers them (renamed-slugs.server.ts).
import type { Transaction } from "kysely";
import type { Db, Tables } from "~/platform/db/tables.server";

/** Points oldSlug, and every address that led to it, at newSlug. */
export async function moveSlugRedirects(
  trx: Transaction<Tables>,
  kind: string,
  oldSlug: string,
  newSlug: string,
  now: Date,
): Promise<void> {
  await trx
    .deleteFrom("publication_redirects")
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb("old_id", "=", newSlug), eb("old_id", "=", oldSlug)]))
    .execute();
  await trx
    .updateTable("publication_redirects")
    .set({ new_id: newSlug })
    .where("kind", "=", kind)
    .where("new_id", "=", oldSlug)
    .execute();
  await trx
    .insertInto("publication_redirects")
    .values({ kind, old_id: oldSlug, new_id: newSlug, created_at: now.toISOString() })
    .execute();
}

/**
 * Drops the redirects from an address (an item now living there takes it back) or to one (a
 * deleted item's old addresses lead nowhere any more).
 */
export async function dropRedirects(
  trx: Transaction<Tables>,
  kind: string,
  { from, to }: { from: string; to?: never } | { to: string; from?: never },
): Promise<void> {
  await trx
    .deleteFrom("publication_redirects")
    .where("kind", "=", kind)
    .where(from === undefined ? "new_id" : "old_id", "=", from ?? to)
    .execute();
}

/** Where an old slug now points, if anywhere (the caller checks the item is there to see). */
export async function readSlugRedirect(
  db: Db,
  kind: string,
  oldSlug: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("publication_redirects")
    .select("new_id")
    .where("kind", "=", kind)
    .where("old_id", "=", oldSlug)
    .executeTakeFirst();
  return row?.new_id;
}

/** Each old slug of a kind and the slug it leads to now (one hop: moves keep them flat). */
export async function readSlugMoves(db: Db, kind: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("publication_redirects")
    .select(["old_id", "new_id"])
    .where("kind", "=", kind)
    .execute();
  return new Map(rows.map((row) => [row.old_id, row.new_id]));
}

/** Every automatic redirect, for the redirects screen. */
export async function listSlugRedirects(db: Db) {
  return db
    .selectFrom("publication_redirects")
    .select(["kind", "old_id", "new_id", "hits", "last_hit_at", "created_at"])
    .orderBy("kind")
    .orderBy("old_id")
    .execute();
}
