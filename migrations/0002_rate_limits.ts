// Rate-limit counters live in the database so that limits survive a restart.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("window_start", "bigint", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["key", "window_start"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
