// A newsletter copy's outbox row found by its issue and address: the click writer reads each
// clicked copy's hand-over time this way, for every copy a mail scanner follows at delivery.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("mail_outbox_newsletter_recipient")
    .on("mail_outbox")
    .columns(["newsletter_id", "recipient"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_newsletter_recipient").execute();
}
