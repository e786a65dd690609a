// Bounced subscribers: an address whose mail server refused it for good (a 5xx the outbox records
// on the copy's row) on two different issues becomes "bounced", so no query for confirmed
// subscribers picks it again. One issue's refusal is not enough: servers err now and then.
import type { Db } from "~/platform/db/tables.server";
import { cancelWaitingCopies } from "./subscribers.server";

/** Issues whose copy an address must have refused before it counts as bounced. */
export const bounceIssueCount = 2;

/**
 * Marks bounced every confirmed subscriber refused for good on bounceIssueCount issues since they
 * confirmed (so an address that signed up and confirmed again starts afresh), and cancels the
 * copies still waiting for them. Answers the addresses marked.
 */
export async function markBouncedSubscribers(db: Db, now = new Date()): Promise<string[]> {
  const found = await db
    .selectFrom("mail_outbox as o")
    .innerJoin("newsletter_subscriptions as s", "s.email", "o.recipient")
    .select((eb) => [
      "s.id",
      "s.email",
      eb.fn.count<number | string>("o.newsletter_id").distinct().as("issues"),
      eb.fn.max("o.id").as("last_refusal"),
    ])
    .where("o.refusal_code", ">=", 500)
    .where("o.newsletter_id", "is not", null)
    .where("s.state", "=", "confirmed")
    .where((eb) => eb("o.created_at", ">", eb.fn.coalesce("s.confirmed_at", eb.val(""))))
    .groupBy(["s.id", "s.email"])
    .having((eb) => eb.fn.count("o.newsletter_id").distinct(), ">=", bounceIssueCount)
    .execute();
  const marked: string[] = [];
  for (const subscriber of found) {
    const refusal = await db
      .selectFrom("mail_outbox")
      .select(["refusal_code", "smtp_response"])
      .where("id", "=", Number(subscriber.last_refusal))
      .executeTakeFirst();
    const reply = `${refusal?.refusal_code ?? ""} ${refusal?.smtp_response ?? ""}`.trim();
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("newsletter_subscriptions")
        .set({ state: "bounced", bounced_at: now.toISOString(), bounce_reply: reply.slice(0, 500) })
        .where("id", "=", Number(subscriber.id))
        .where("state", "=", "confirmed")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await cancelWaitingCopies(trx, subscriber.email);
      return true;
    });
    if (done) marked.push(subscriber.email);
  }
  return marked;
}

export type BouncedSubscriber = {
  id: number;
  email: string;
  bouncedAt: string;
  reply: string;
};

/** The bounced addresses, newest bounce first: listed apart on the subscribers screen. */
export async function listBouncedSubscribers(db: Db): Promise<BouncedSubscriber[]> {
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "bounced_at", "bounce_reply"])
    .where("state", "=", "bounced")
    .orderBy("bounced_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    bouncedAt: row.bounced_at ?? "",
    reply: row.bounce_reply ?? "",
  }));
}
