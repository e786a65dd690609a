// The visitors a conversion was counted for today, by kind: a booking click repeated by one
// visitor counts once a day, across every instance. Hashes of the day's salt, deleted with it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visit_conversion_visitors")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("visitor", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_conversion_visitors_pk", ["day", "kind", "visitor"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visit_conversion_visitors").execute();
}
