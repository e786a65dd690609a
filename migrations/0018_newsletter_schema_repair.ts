// Brings databases upgraded from an earlier release to the schema a fresh one has: 0014 once
// created newsletters.recipient_count and finished_at, then lost them in an edit, so only sites
// that ran the first 0014 hold them (and their backups would not restore into a fresh database).
import type { Kysely } from "kysely";

const droppedColumns = ["recipient_count", "finished_at"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const newsletters = tables.find((table) => table.name === "newsletters");
  for (const column of newsletters?.columns ?? []) {
    if (!droppedColumns.includes(column.name)) continue;
    await db.schema.alterTable("newsletters").dropColumn(column.name).execute();
  }
}

// Nothing to give back: no code reads the two columns.
export async function down(): Promise<void> {}
