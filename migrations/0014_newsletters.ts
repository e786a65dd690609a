// The newsletter the site sends itself (issue 19): double opt-in for sign-ups, the newsletters an
// admin writes, and outbox rows that can carry an HTML part, list headers and the newsletter they
// belong to (one row per recipient: its state is the recipient's delivery state).
import { type Kysely, sql } from "kysely";
import { addIdColumn } from "../app/platform/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  // "pending": a confirmation email went out; "unconfirmed": mail was not set up at sign-up, so
  // none could; "confirmed": the address clicked its link. Sign-ups before double opt-in were
  // told they were subscribed, so they stay subscribers.
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("state", "text", (column) => column.notNull().defaultTo("confirmed"))
    .execute();
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("confirm_token_hash", "text")
    .execute();
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("confirmation_sent_at", "text")
    .execute();
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("confirmed_at", "text")
    .execute();
  await sql`update newsletter_subscriptions set confirmed_at = created_at`.execute(db);
  await db.schema
    .createIndex("newsletter_subscriptions_confirm_token")
    .on("newsletter_subscriptions")
    .column("confirm_token_hash")
    .execute();

  await addIdColumn(db, db.schema.createTable("newsletters"))
    .addColumn("subject", "text", (column) => column.notNull())
    // Sanitized rich text, as the writer's desk saves it.
    .addColumn("body_html", "text", (column) => column.notNull())
    .addColumn("article_id", "text")
    // "draft", then "sending" once recipients are queued; shown as sent when no copy is left
    // waiting (the copies' outbox rows say who got it).
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("author", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("sent_at", "text")
    .execute();

  await db.schema.alterTable("mail_outbox").addColumn("body_html", "text").execute();
  // A JSON object of extra header lines (List-Unsubscribe and its one-click partner).
  await db.schema.alterTable("mail_outbox").addColumn("headers", "text").execute();
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("newsletter_id", "integer", (column) =>
      column.references("newsletters.id").onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("mail_outbox_newsletter_id")
    .on("mail_outbox")
    .columns(["newsletter_id", "state"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_newsletter_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("newsletter_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("headers").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("body_html").execute();
  await db.schema.dropTable("newsletters").execute();
  await db.schema.dropIndex("newsletter_subscriptions_confirm_token").execute();
  for (const column of ["confirmed_at", "confirmation_sent_at", "confirm_token_hash", "state"]) {
    await db.schema.alterTable("newsletter_subscriptions").dropColumn(column).execute();
  }
}
