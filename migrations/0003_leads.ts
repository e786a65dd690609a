// Leads (issue 4): contact messages, newsletter subscriptions, the durable mail outbox that
// notifies the firm of each message, and the server-side secret that signs form timestamps.
import type { Kysely } from "kysely";
import { addIdColumn } from "../app/server/db/columns.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Only a hash of the sender's address is kept: enough to spot abuse, not to identify anyone.
  await addIdColumn(db, db.schema.createTable("contact_messages"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("phone", "text")
    .addColumn("company", "text")
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("ip_hash", "text", (column) => column.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema
    .createIndex("contact_messages_created_at")
    .on("contact_messages")
    .column("created_at")
    .execute();

  // Emails are stored lower-cased so that "A@x.com" and "a@x.com" stay one subscription.
  await addIdColumn(db, db.schema.createTable("newsletter_subscriptions"))
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("unsubscribe_token", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("ip_hash", "text", (column) => column.notNull())
    .addColumn("user_agent", "text")
    .execute();

  // One row per mail to send. While a row is being sent, next_attempt_at is its lease: a worker
  // that dies mid-send leaves a row that becomes due again when the lease runs out.
  await addIdColumn(db, db.schema.createTable("mail_outbox"))
    .addColumn("contact_message_id", "integer", (column) =>
      column.references("contact_messages.id").onDelete("set null"),
    )
    .addColumn("recipient", "text", (column) => column.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body_text", "text", (column) => column.notNull())
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (column) => column.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("mail_outbox_contact_message_id")
    .on("mail_outbox")
    .column("contact_message_id")
    .execute();

  await db.schema
    .createTable("site_secrets")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "site_secrets",
    "mail_outbox",
    "newsletter_subscriptions",
    "contact_messages",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
