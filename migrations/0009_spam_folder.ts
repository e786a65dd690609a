// The spam folder (issue 15): a contact message or sign-up judged on timing alone (a client that
// keeps no cookies posting right after a page fetch) is kept with the verdict instead of being
// dropped, so a person's message is never lost; null means it passed the spam guard.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("spam_verdict", "text").execute();
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("spam_verdict", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletter_subscriptions").dropColumn("spam_verdict").execute();
  await db.schema.alterTable("contact_messages").dropColumn("spam_verdict").execute();
}
