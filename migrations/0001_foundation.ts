// The site's first tables: content revisions, case studies, articles, admin accounts and sessions.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/server/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable("content_revisions"))
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("author", "text")
    .execute();

  await db.schema
    .createTable("case_studies")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("articles")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("published_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable("admins"))
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("password_hash", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  // Only a hash of the session id is stored: a leaked table does not hand out sessions.
  await db.schema
    .createTable("admin_sessions")
    .addColumn("id_hash", "text", (column) => column.primaryKey())
    .addColumn("admin_id", "integer", (column) =>
      column.notNull().references("admins.id").onDelete("cascade"),
    )
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("admin_sessions_admin_id")
    .on("admin_sessions")
    .column("admin_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "admin_sessions",
    "admins",
    "articles",
    "case_studies",
    "content_revisions",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
