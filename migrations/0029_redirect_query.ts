// A redirect rule passes the visitor's query string on to its target unless the owner ticks it
// off: drop_query is 1 for a rule that leaves the query behind, 0 (every rule before) to pass it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("redirect_rules")
    .addColumn("drop_query", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("redirect_rules").dropColumn("drop_query").execute();
}
