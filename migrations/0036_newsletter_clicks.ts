// Newsletter clicks on the site's own /r/ redirect: each issue's links in order, one random token
// per copy (issue and subscriber, never the address), and each click with whether it passed the
// human checks, and why not. Clicks carry their day, so the visit figures' retention deletes them.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/platform/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("newsletter_links")
    .addColumn("newsletter_id", "integer", (column) => column.notNull())
    // 1, 2, ... in the order the links appear in the issue.
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("url", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("newsletter_links_pk", ["newsletter_id", "position"])
    .execute();
  await db.schema
    .createTable("newsletter_copies")
    .addColumn("token", "text", (column) => column.primaryKey())
    .addColumn("newsletter_id", "integer", (column) => column.notNull())
    .addColumn("subscriber_id", "integer", (column) => column.notNull())
    .execute();
  // A subscriber's export and erasure find their copies by subscriber.
  await db.schema
    .createIndex("newsletter_copies_subscriber")
    .on("newsletter_copies")
    .column("subscriber_id")
    .execute();
  await addIdColumn(db, db.schema.createTable("newsletter_clicks"))
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("clicked_at", "text", (column) => column.notNull())
    .addColumn("newsletter_id", "integer", (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("token", "text", (column) => column.notNull())
    // "" for a human click, else why it is a machine's: "head", "scanner", "hand-over", "burst".
    .addColumn("machine_reason", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("newsletter_clicks_newsletter")
    .on("newsletter_clicks")
    .columns(["newsletter_id", "position"])
    .execute();
  await db.schema
    .createIndex("newsletter_clicks_token")
    .on("newsletter_clicks")
    .columns(["token", "clicked_at"])
    .execute();
  await db.schema
    .createIndex("newsletter_clicks_day")
    .on("newsletter_clicks")
    .column("day")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_clicks").execute();
  await db.schema.dropTable("newsletter_copies").execute();
  await db.schema.dropTable("newsletter_links").execute();
}
