// Pages the owner builds from blocks (/careers, /m365-audit): a third kind of publication, stored
// like case studies (the record as JSON, status, publication time, version for If-Match).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pages")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("draft"))
    .addColumn("publish_at", "text")
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("pages_status_publish_at")
    .on("pages")
    .columns(["status", "publish_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pages").execute();
}
