// Scheduled newsletters and bounced addresses: an issue can wait for its time ("scheduled", with
// who set it), a subscriber whose mail server refuses them for good is kept apart ("bounced", with
// when and the server's reply), and an outbox row keeps the code of a permanent refusal. Additive only.
import type { Kysely } from "kysely";
import { sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletters").addColumn("scheduled_at", "text").execute();
  await db.schema.alterTable("newsletters").addColumn("scheduled_by", "text").execute();
  // The scheduler's tick asks for the due scheduled issues every few seconds.
  await db.schema
    .createIndex("newsletters_status_scheduled_at")
    .on("newsletters")
    .columns(["status", "scheduled_at"])
    .execute();
  await db.schema.alterTable("newsletter_subscriptions").addColumn("bounced_at", "text").execute();
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("bounce_reply", "text")
    .execute();
  await db.schema.alterTable("mail_outbox").addColumn("refusal_code", "integer").execute();
  // Only refused rows are indexed: the bounce check reads those, a handful among many.
  await db.schema
    .createIndex("mail_outbox_refusals")
    .on("mail_outbox")
    .columns(["refusal_code", "recipient"])
    .where(sql.ref("refusal_code"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_refusals").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("refusal_code").execute();
  await db.schema.alterTable("newsletter_subscriptions").dropColumn("bounce_reply").execute();
  await db.schema.alterTable("newsletter_subscriptions").dropColumn("bounced_at").execute();
  await db.schema.dropIndex("newsletters_status_scheduled_at").execute();
  await db.schema.alterTable("newsletters").dropColumn("scheduled_by").execute();
  await db.schema.alterTable("newsletters").dropColumn("scheduled_at").execute();
}
