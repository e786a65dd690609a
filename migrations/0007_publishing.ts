// Publishing (issue 10): articles and case studies get a status and a publication time (a
// "published" row whose time is still ahead is scheduled), a version for If-Match, every save kept
// as a revision, and old slugs answered with a 301 to the current one.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { addIdColumn } from "../app/server/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["articles", "case_studies"]) {
    await db.schema
      .alterTable(table)
      .addColumn("status", "text", (column) => column.notNull().defaultTo("published"))
      .execute();
    // Null: visible since it was stored (rows written before this migration, or by old seeds).
    await db.schema.alterTable(table).addColumn("publish_at", "text").execute();
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex(`${table}_status_publish_at`)
      .on(table)
      .columns(["status", "publish_at"])
      .execute();
  }
  // Existing articles were published on their day: midnight UTC of it.
  await sql`update articles set publish_at = published_at || 'T00:00:00.000Z' where length(published_at) = 10`.execute(
    db,
  );

  // One table for both kinds: the History screen lists them together.
  await addIdColumn(db, db.schema.createTable("publication_revisions"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("item_id", "text", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("publish_at", "text")
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("author", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("publication_revisions_item")
    .on("publication_revisions")
    .columns(["kind", "item_id"])
    .execute();

  await db.schema
    .createTable("publication_redirects")
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("old_id", "text", (column) => column.notNull())
    .addColumn("new_id", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("publication_redirects_pk", ["kind", "old_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("publication_redirects").execute();
  await db.schema.dropTable("publication_revisions").execute();
  for (const table of ["articles", "case_studies"]) {
    await db.schema.dropIndex(`${table}_status_publish_at`).execute();
    for (const column of ["version", "publish_at", "status"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
