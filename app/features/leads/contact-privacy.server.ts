// A contact's data, for their right of access and to be forgotten: every stored message from one
// email address (compared case-insensitively) with its mail, exported as JSON or erased for good.
// The Activity log records that it happened and how many messages, never the address.
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { z } from "~/platform/zod";

/** The address a privacy request names: trimmed, an email, compared in lower case. */
export const contactEmailSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Give the email address of the contact")),
});
export type ContactEmail = z.infer<typeof contactEmailSchema>;

function selectContactMessages(db: Db, email: string) {
  return db
    .selectFrom("contact_messages")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
}

/** Everything stored about a contact's messages, oldest first, with each message's mail. */
export async function exportContactData(
  db: Db,
  { email }: ContactEmail,
  actor: Actor,
  now = new Date(),
) {
  const messages = await selectContactMessages(db, email)
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const mails =
    messages.length === 0
      ? []
      : await db
          .selectFrom("mail_outbox")
          .select([
            "contact_message_id",
            "recipient",
            "subject",
            "state",
            "attempts",
            "created_at",
            "sent_at",
            "last_error",
          ])
          .where(
            "contact_message_id",
            "in",
            messages.map((message) => message.id),
          )
          .orderBy("id")
          .execute();
  await recordActivity(
    db,
    { action: "export", actor, target: `contact data (${describeCount(messages.length)})` },
    now,
  );
  return {
    email,
    exportedAt: now.toISOString(),
    messages: messages.map((message) => ({
      id: Number(message.id),
      receivedAt: message.created_at,
      name: message.name,
      email: message.email,
      phone: message.phone,
      company: message.company,
      message: message.message,
      state: message.state,
      handledAt: message.handled_at,
      spamVerdict: message.spam_verdict,
      userAgent: message.user_agent,
      networkHash: message.ip_hash,
      notificationMails: mails
        .filter((mail) => Number(mail.contact_message_id) === Number(message.id))
        .map(({ contact_message_id: _id, ...mail }) => ({
          ...mail,
          attempts: Number(mail.attempts),
        })),
    })),
  };
}

export function describeCount(messages: number): string {
  return messages === 1 ? "1 message" : `${messages} messages`;
}

/** Removes every message from the address and their mail rows; returns how many messages. */
export async function eraseContact(
  db: Db,
  { email }: ContactEmail,
  actor: Actor,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = (await selectContactMessages(trx, email).select("id").execute()).map((row) =>
      Number(row.id),
    );
    if (ids.length === 0) return 0;
    await trx.deleteFrom("mail_outbox").where("contact_message_id", "in", ids).execute();
    await trx.deleteFrom("contact_messages").where("id", "in", ids).execute();
    await recordActivity(
      trx,
      {
        action: "contact-erase",
        actor,
        target: describeCount(ids.length),
        detail: { messages: ids.length },
      },
      now,
    );
    return ids.length;
  });
}
