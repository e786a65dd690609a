// The 404 log is trimmed to its cap at every write, least asked-for rows first: an index in that
// order lets each trim read only the rows it removes instead of sorting the whole log.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("missing_addresses_trim")
    .on("missing_addresses")
    .columns(["hits", "day"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("missing_addresses_trim").execute();
}
