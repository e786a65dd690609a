// Insights: page views counted on the server (per day, page and daily visitor hash, so several
// instances add up), each visitor-day's visit (entry page, referrer host, campaign, device), the
// conversions (contact, newsletter, booking click) by landing page and source, the day's salt
// (discarded with the day), and each lead's attribution to the visit that brought it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visit_salts")
    .addColumn("day", "text", (column) => column.primaryKey())
    .addColumn("salt", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("visit_page_views")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("path", "text", (column) => column.notNull())
    .addColumn("visitor", "text", (column) => column.notNull())
    .addColumn("views", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_page_views_pk", ["day", "path", "visitor"])
    .execute();
  await db.schema
    .createTable("visit_entries")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("visitor", "text", (column) => column.notNull())
    .addColumn("entry_path", "text", (column) => column.notNull())
    .addColumn("referrer_host", "text", (column) => column.notNull())
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("utm_medium", "text", (column) => column.notNull())
    .addColumn("utm_campaign", "text", (column) => column.notNull())
    .addColumn("device", "text", (column) => column.notNull())
    .addColumn("browser", "text", (column) => column.notNull())
    .addColumn("pages", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_entries_pk", ["day", "visitor"])
    .execute();
  await db.schema
    .createTable("visit_conversions")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("entry_path", "text", (column) => column.notNull())
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("conversions", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("visit_conversions_pk", ["day", "kind", "entry_path", "source"])
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("visit_attribution", "text").execute();
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("visit_attribution", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletter_subscriptions").dropColumn("visit_attribution").execute();
  await db.schema.alterTable("contact_messages").dropColumn("visit_attribution").execute();
  await db.schema.dropTable("visit_conversions").execute();
  await db.schema.dropTable("visit_entries").execute();
  await db.schema.dropTable("visit_page_views").execute();
  await db.schema.dropTable("visit_salts").execute();
}
