// The admin workspace (issue 9): the activity log (who did what, when, from where), kept 365
// days, and an index to find and prune content revisions by age for History.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/server/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The admin's email is copied into each row: the record outlives a removed admin account.
  await addIdColumn(db, db.schema.createTable("admin_activity"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("admin_id", "integer")
    .addColumn("admin_email", "text")
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("target", "text")
    .addColumn("detail", "text")
    .execute();
  await db.schema
    .createIndex("admin_activity_created_at")
    .on("admin_activity")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("content_revisions_created_at")
    .on("content_revisions")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("content_revisions_created_at").execute();
  await db.schema.dropTable("admin_activity").execute();
}
