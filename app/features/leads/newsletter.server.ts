// Newsletter subscriptions: one per email address (subscribing twice keeps one and still says
// thanks), each with its own random unsubscribe token, listed and exported for the admin. A
// sign-up the spam guard suspects on timing alone is kept apart: not a subscriber (not listed as
// one, not exported) until the same address signs up again unsuspected.
import { randomBytes } from "node:crypto";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { getNetworkRateLimitKey, hashClientIp, hitRateLimit } from "~/platform/rate-limit.server";
import type { LeadServices, SenderInfo } from "./contact-messages.server";
import { describeWait, type LeadOutcome, LeadsUnavailableError } from "./outcome.server";
import type { NewsletterInput } from "./schema";
import { findRecentPageFetch } from "./spam/page-fetches.server";
import {
  checkSpamGuard,
  isTimingVerdict,
  newsletterMinimumFillMs,
  type TimingVerdict,
} from "./spam/spam.server";

export const newsletterRateLimit = { limit: 10, windowMs: 10 * 60_000 };
export const newsletterSuccessMessage = "Thanks for subscribing to our newsletter!";
export const newsletterUnavailableMessage =
  "We could not subscribe you right now. Please try again in a few minutes.";

/** 24 random bytes: as hard to guess as a session id, short enough for a link. */
function createUnsubscribeToken(): string {
  return randomBytes(24).toString("base64url");
}

export function isWellFormedUnsubscribeToken(token: string): boolean {
  return /^[\w-]{32}$/.test(token);
}

export async function subscribeToNewsletter(
  services: LeadServices,
  input: NewsletterInput,
  sender: SenderInfo,
  now = new Date(),
): Promise<LeadOutcome> {
  const { db, logger } = services;
  const ipHash = hashClientIp(sender.clientIp);
  let held: TimingVerdict | null = null;
  try {
    const limit = await hitRateLimit(
      db,
      getNetworkRateLimitKey("newsletter", sender.clientIp),
      newsletterRateLimit,
      now.getTime(),
    );
    if (!limit.allowed) {
      const wait = describeWait(limit.retryAfterSeconds);
      return {
        kind: "rate-limited",
        retryAfterSeconds: limit.retryAfterSeconds,
        message: `Too many sign-up attempts from your network. Please try again in ${wait}.`,
      };
    }
    const verdict = await checkSpamGuard(
      db,
      { ...input, shownCookie: sender.formShownCookie },
      newsletterMinimumFillMs,
      now.getTime(),
      () => findRecentPageFetch(sender.clientIp, now.getTime()),
    );
    if (verdict !== "person") {
      if (!isTimingVerdict(verdict)) {
        logger.info({ verdict, ipHash }, "Newsletter sign-up dropped as spam");
        return { kind: "dropped", verdict };
      }
      held = verdict;
    }
    await db
      .insertInto("newsletter_subscriptions")
      .values({
        email: input.email.toLowerCase(),
        unsubscribe_token: createUnsubscribeToken(),
        created_at: now.toISOString(),
        ip_hash: ipHash,
        user_agent: sender.userAgent?.slice(0, 500) ?? null,
        spam_verdict: held,
      })
      .onConflict((conflict) =>
        held
          ? // A suspect sign-up never demotes a subscriber, nor adds a second row.
            conflict.column("email").doNothing()
          : // The address signing up unsuspected makes a held sign-up a subscription, from now.
            conflict
              .column("email")
              .doUpdateSet({ spam_verdict: null, created_at: now.toISOString() })
              .where("newsletter_subscriptions.spam_verdict", "is not", null),
      )
      .execute();
    if (held) {
      logger.info({ verdict: held, ipHash }, "Newsletter sign-up kept as possible spam");
      return { kind: "held", verdict: held };
    }
  } catch (error) {
    logDatabaseError(logger, error, "Could not store a newsletter subscription");
    throw new LeadsUnavailableError(newsletterUnavailableMessage, { cause: error });
  }
  return { kind: "accepted" };
}

export async function findSubscriptionByToken(
  db: Db,
  token: string,
): Promise<{ email: string } | undefined> {
  if (!isWellFormedUnsubscribeToken(token)) return undefined;
  return db
    .selectFrom("newsletter_subscriptions")
    .select("email")
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
}

/** Removes the subscription behind token; answers its email, or undefined if there was none. */
export async function unsubscribeByToken(db: Db, token: string): Promise<string | undefined> {
  if (!isWellFormedUnsubscribeToken(token)) return undefined;
  const row = await db
    .deleteFrom("newsletter_subscriptions")
    .where("unsubscribe_token", "=", token)
    .returning("email")
    .executeTakeFirst();
  return row?.email;
}

export type Subscriber = { email: string; createdAt: string; unsubscribeToken: string };

/** The subscribers (held sign-ups apart): what the admin lists and the CSV exports. */
export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select(["email", "created_at", "unsubscribe_token"])
    .where("spam_verdict", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    email: row.email,
    createdAt: row.created_at,
    unsubscribeToken: row.unsubscribe_token,
  }));
}

export type HeldSignUp = { email: string; createdAt: string; spamVerdict: string };

/** The newest sign-ups held as possible spam, and how many there are: shown apart, never exported. */
export async function listHeldSignUps(
  db: Db,
  limit: number,
): Promise<{ total: number; signUps: HeldSignUp[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom("newsletter_subscriptions")
      .where("spam_verdict", "is not", null)
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("newsletter_subscriptions")
      .select(["email", "created_at", "spam_verdict"])
      .where("spam_verdict", "is not", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    signUps: rows.map((row) => ({
      email: row.email,
      createdAt: row.created_at,
      spamVerdict: row.spam_verdict ?? "",
    })),
  };
}

export function getUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** One CSV cell; cells a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The subscriber list for a mailing tool: each row carries the subscriber's unsubscribe link. */
export function formatSubscribersCsv(subscribers: Subscriber[], siteUrl: string): string {
  const lines = [["email", "subscribed_at", "unsubscribe_url"].join(",")];
  for (const subscriber of subscribers) {
    lines.push(
      [
        subscriber.email,
        subscriber.createdAt,
        getUnsubscribeUrl(siteUrl, subscriber.unsubscribeToken),
      ]
        .map(toCsvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
