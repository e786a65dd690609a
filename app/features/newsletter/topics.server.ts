// What each subscriber chose to hear about, read through the services' renames, and who an
// issue's audience reaches: the count the editor shows and the list the send queues are one query.
import { sql } from "kysely";
import { readServiceRenames } from "~/features/content/service-addresses.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import {
  type Audience,
  formatAudience,
  parseAudience,
  readServiceSlug,
  type Topic,
  toServiceTopicKey,
} from "./topics";

/** A stored key as the topic it names now: a renamed service's old slug becomes its new one. */
function toCurrentKey(key: string, renames: Map<string, string>): string {
  const slug = readServiceSlug(key);
  const renamed = slug === undefined ? undefined : renames.get(slug);
  return renamed === undefined ? key : toServiceTopicKey(renamed);
}

/** Every key a subscriber may have stored for these topics: each, and its service's old names. */
function expandKeys(keys: readonly string[], renames: Map<string, string>): string[] {
  const current = new Set(keys.map((key) => toCurrentKey(key, renames)));
  const expanded = new Set(current);
  for (const [oldSlug, newSlug] of renames) {
    if (current.has(toServiceTopicKey(newSlug))) expanded.add(toServiceTopicKey(oldSlug));
  }
  return [...expanded];
}

/** The topics a subscriber hears about now, of those offered: all of them until they choose. */
export async function readSubscriberTopics(
  db: Db,
  subscriptionId: number,
  offered: readonly Topic[],
): Promise<string[]> {
  const [rows, renames] = await Promise.all([
    readStoredTopics(db, subscriptionId),
    readServiceRenames(db),
  ]);
  if (rows.length === 0) return offered.map((topic) => topic.key);
  const chosen = new Set(rows.map((key) => toCurrentKey(key, renames)));
  return offered.filter((topic) => chosen.has(topic.key)).map((topic) => topic.key);
}

/** The topic keys stored for a subscriber, as stored: their data export shows these. */
export async function readStoredTopics(db: Db, subscriptionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("newsletter_subscription_topics")
    .select("topic")
    .where("subscription_id", "=", subscriptionId)
    .orderBy("topic")
    .execute();
  return rows.map((row) => row.topic);
}

/**
 * Replaces a subscriber's topics with a choice already checked against the topics offered; an
 * owner's edit is logged (never naming whom) in the same transaction. False: they are gone.
 */
export async function saveSubscriberTopics(
  db: Db,
  subscriptionId: number,
  topics: readonly string[],
  actor?: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("newsletter_subscriptions")
      .select("id")
      .where("id", "=", subscriptionId)
      .executeTakeFirst();
    if (!found) return false;
    await trx
      .deleteFrom("newsletter_subscription_topics")
      .where("subscription_id", "=", subscriptionId)
      .execute();
    if (topics.length > 0) {
      await trx
        .insertInto("newsletter_subscription_topics")
        .values(topics.map((topic) => ({ subscription_id: subscriptionId, topic })))
        .execute();
    }
    if (actor) {
      await recordActivity(trx, { action: "subscriber-topics", actor, target: "a subscriber" });
    }
    return true;
  });
}

/**
 * The audience a newsletter goes to, its services named as they are now (a rename since it was
 * chosen shows ticked under the new name); undefined: no such newsletter.
 */
export async function readNewsletterAudience(db: Db, id: number): Promise<Audience | undefined> {
  const row = await db
    .selectFrom("newsletters")
    .select("audience")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const audience = parseAudience(row.audience);
  if (audience.kind === "everyone") return audience;
  const renames = await readServiceRenames(db);
  return { kind: "topics", topics: audience.topics.map((key) => toCurrentKey(key, renames)) };
}

/** Sets a draft's audience; false when it is not a draft (any more). */
export async function saveNewsletterAudience(
  db: Db,
  id: number,
  audience: Audience,
): Promise<boolean> {
  const result = await db
    .updateTable("newsletters")
    .set({ audience: formatAudience(audience) })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The subscribers an audience reaches: confirmed, not held, and for chosen topics either one of
 * them chosen or no choice made (a subscriber who never chose hears about everything).
 */
async function selectRecipients(db: Db, audience: Audience) {
  const subscribers = db
    .selectFrom("newsletter_subscriptions as s")
    .where("s.state", "=", "confirmed")
    .where("s.spam_verdict", "is", null);
  if (audience.kind === "everyone") return subscribers;
  const keys = expandKeys(audience.topics, await readServiceRenames(db));
  if (keys.length === 0) return subscribers.where(sql<boolean>`1 = 0`);
  return subscribers.where((eb) => {
    const topicsOf = eb
      .selectFrom("newsletter_subscription_topics as t")
      .select("t.topic")
      .whereRef("t.subscription_id", "=", "s.id");
    return eb.or([eb.not(eb.exists(topicsOf)), eb.exists(topicsOf.where("t.topic", "in", keys))]);
  });
}

/** The addresses an issue goes to, each with its unsubscribe token, in sign-up order. */
export async function listRecipients(
  db: Db,
  audience: Audience,
): Promise<{ email: string; unsubscribeToken: string }[]> {
  const rows = await (await selectRecipients(db, audience))
    .select(["s.email", "s.unsubscribe_token"])
    .orderBy("s.id")
    .execute();
  return rows.map((row) => ({ email: row.email, unsubscribeToken: row.unsubscribe_token }));
}

/** How many addresses `listRecipients` answers for this audience now. */
export async function countRecipients(db: Db, audience: Audience): Promise<number> {
  const row = await (await selectRecipients(db, audience))
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
