// Failed sign-in counters per account (keyed by a hash of the email), for the login lockout of
// DESIGN.md section 7: 5 failures lock the account for 15 minutes.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_throttles")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("failures", "integer", (column) => column.notNull())
    .addColumn("first_failure_at", "text", (column) => column.notNull())
    .addColumn("locked_until", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_throttles").execute();
}
