// Newsletter subscriptions with double opt-in: one row per address with its unsubscribe token,
// pending until the confirmation email's link is opened (or kept unconfirmed without mail). Only
// confirmed addresses get newsletters; a timing-only spam suspect is held apart.

import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { isMailEnabled, type Mail, writeWithMail } from "~/capabilities/mail/mail-port.server";
import { type LeadForm, receiveLead, type SenderInfo } from "~/features/leads/lead-gate.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { AppServices } from "~/platform/context.server";
import { formatCsv } from "~/platform/csv";
import type { Db, SubscriptionState } from "~/platform/db/tables.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { eraseSubscriberClicks, listSubscriberClicks } from "./clicks/subscriber-clicks.server";
import type { NewsletterInput } from "./sign-up-schema";

export const newsletterRateLimit = { limit: 10, windowMs: 10 * 60_000 };
/** One field, possibly autofilled: a shorter floor, still beyond a script's instant post. */
export const newsletterMinimumFillMs = 2000;
/** Confirmation emails one address may be sent: one an hour, and a few a day at most. */
export const confirmationResendMs = 60 * 60_000;
export const confirmationAddressLimit = { limit: 4, windowMs: 24 * 60 * 60_000 };
/** How long a confirmation link works; a pending sign-up is removed after it. */
export const confirmationValidMs = 7 * 24 * 60 * 60_000;
export const newsletterSuccessMessage = "Thanks for subscribing to our newsletter!";
export const newsletterUnavailableMessage =
  "We could not subscribe you right now. Please try again in a few minutes.";
const newsletterForm: LeadForm = {
  name: "newsletter",
  rateLimit: newsletterRateLimit,
  minimumFillMs: newsletterMinimumFillMs,
  tooManyMessage: "Too many sign-up attempts from your network",
  logLabel: "Newsletter sign-up",
  unavailableMessage: newsletterUnavailableMessage,
  storeErrorMessage: "Could not store a newsletter subscription",
};

/** The words of the confirmation email, from the content's Forms section. */
export type ConfirmationTexts = { subject: string; text: string; companyName: string };

/** 24 random bytes: as hard to guess as a session id, short enough for a link. */
function createToken(): string {
  return randomBytes(24).toString("base64url");
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function isWellFormedUnsubscribeToken(token: string): boolean {
  return /^[\w-]{32}$/.test(token);
}

export function getConfirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

export function getUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Where a subscriber chooses their topics: the page keyed by their unsubscribe link's token. */
export function getManageUrl(unsubscribeUrl: string): string {
  const url = new URL(unsubscribeUrl);
  url.pathname = url.pathname.replace(/unsubscribe$/, "newsletter/manage");
  return url.href;
}

/** The confirmation email: plain words, the link, and what happens if the reader ignores it. */
export function buildConfirmationMail(
  email: string,
  confirmUrl: string,
  texts: ConfirmationTexts,
): Mail {
  const body = texts.text.replaceAll("{email}", email);
  return {
    to: email,
    subject: texts.subject.replaceAll("{company}", texts.companyName).slice(0, 200),
    text: [body, "", confirmUrl, "", `— ${texts.companyName}`].join("\n"),
  };
}

/**
 * Stores a sign-up and, when mail is set up, queues its confirmation email. The answer is the same
 * whether the address was new, pending or already confirmed, so it tells nobody who subscribes.
 */
export function subscribeToNewsletter(
  services: AppServices,
  input: NewsletterInput,
  sender: SenderInfo,
  confirmation: ConfirmationTexts,
  now = new Date(),
) {
  const { db, config } = services;
  const email = input.email.toLowerCase();
  const mailEnabled = isMailEnabled(config);
  return receiveLead(services, newsletterForm, input, sender, now, async (held, ipHash) => {
    await db
      .insertInto("newsletter_subscriptions")
      .values({
        email,
        unsubscribe_token: createToken(),
        created_at: now.toISOString(),
        ip_hash: ipHash,
        user_agent: sender.userAgent?.slice(0, 500) ?? null,
        spam_verdict: held,
        state: "unconfirmed",
        visit_attribution: sender.attribution ? JSON.stringify(sender.attribution) : null,
      })
      .onConflict((conflict) =>
        held
          ? // A suspect sign-up never demotes a subscriber, nor adds a second row.
            conflict.column("email").doNothing()
          : // The address signing up unsuspected makes a held sign-up an ordinary one, from now.
            conflict
              .column("email")
              .doUpdateSet({ spam_verdict: null, created_at: now.toISOString() })
              .where("newsletter_subscriptions.spam_verdict", "is not", null),
      )
      .execute();
    if (!held && mailEnabled) await sendConfirmation(db, email, confirmation, config, now);
  });
}

/**
 * Makes the address pending and queues a fresh confirmation link, unless it is confirmed already,
 * was sent one within the hour, or has had its day's share.
 */
async function sendConfirmation(
  db: Db,
  email: string,
  texts: ConfirmationTexts,
  config: AppServices["config"],
  now: Date,
): Promise<void> {
  const token = createToken();
  const resendBefore = new Date(now.getTime() - confirmationResendMs).toISOString();
  await writeWithMail(db, async (trx, queue) => {
    // One statement claims the right to send, so two sign-ups at once send one email.
    const claimed = await trx
      .updateTable("newsletter_subscriptions")
      .set({
        state: "pending",
        confirm_token_hash: hashToken(token),
        confirmation_sent_at: now.toISOString(),
      })
      .where("email", "=", email)
      .where("state", "!=", "confirmed")
      .where((eb) =>
        eb.or([
          eb("confirmation_sent_at", "is", null),
          eb("confirmation_sent_at", "<", resendBefore),
        ]),
      )
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return;
    const addressLimit = await hitRateLimit(
      trx,
      `newsletter-address:${hashToken(email)}`,
      confirmationAddressLimit,
      now.getTime(),
    );
    if (!addressLimit.allowed) {
      throw new ConfirmationLimitReached();
    }
    const mail = buildConfirmationMail(email, getConfirmUrl(config.SITE_URL, token), texts);
    await queue.add(mail, now);
  }).catch((error: unknown) => {
    // The address had its day's confirmations: nothing is changed or sent, the answer is the same.
    if (error instanceof ConfirmationLimitReached) return;
    throw error;
  });
}

class ConfirmationLimitReached extends Error {}

export type ConfirmationLookup =
  | { state: "pending"; email: string }
  /** `attribution`: set when this request confirmed it, the visit of the sign-up (as stored). */
  | { state: "confirmed"; email: string; attribution?: string | null }
  | { state: "invalid" };

/** What a confirmation link stands for now; a link past its 7 days is invalid. */
export async function findConfirmation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ConfirmationLookup> {
  if (!isWellFormedUnsubscribeToken(token)) return { state: "invalid" };
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["email", "state", "confirmation_sent_at"])
    .where("confirm_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.state === "confirmed") return { state: "confirmed", email: row.email };
  const sentAt = Date.parse(row.confirmation_sent_at ?? "");
  if (!(now.getTime() - sentAt < confirmationValidMs)) return { state: "invalid" };
  return { state: "pending", email: row.email };
}

/** Confirms the address behind a link; answers it, or undefined for an invalid or old link. */
export async function confirmSubscription(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ConfirmationLookup> {
  const found = await findConfirmation(db, token, now);
  if (found.state !== "pending") return found;
  const confirmed = await db
    .updateTable("newsletter_subscriptions")
    .set({ state: "confirmed", confirmed_at: now.toISOString() })
    .where("confirm_token_hash", "=", hashToken(token))
    .where("state", "=", "pending")
    .returning("visit_attribution")
    .executeTakeFirst();
  if (!confirmed) return { state: "confirmed", email: found.email };
  return { state: "confirmed", email: found.email, attribution: confirmed.visit_attribution };
}

/** Removes pending and held sign-ups older than the confirmation window; answers how many. */
export async function removeExpiredSignUps(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - confirmationValidMs).toISOString();
  const removed = await db
    .deleteFrom("newsletter_subscriptions")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "pending"), eb("confirmation_sent_at", "<", before)]),
        eb.and([eb("spam_verdict", "is not", null), eb("created_at", "<", before)]),
      ]),
    )
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * The subscriber a link's token stands for: the confirmation link of a confirmed sign-up, or the
 * unsubscribe link (each issue's, and the one it manages topics with) of any subscriber.
 */
export async function findSubscriberByLink(
  db: Db,
  link: "confirm" | "unsubscribe",
  token: string,
): Promise<{ id: number; email: string } | undefined> {
  if (!isWellFormedUnsubscribeToken(token)) return undefined;
  const subscribers = db.selectFrom("newsletter_subscriptions").select(["id", "email"]);
  const row = await (link === "confirm"
    ? subscribers
        .where("confirm_token_hash", "=", hashToken(token))
        .where("state", "=", "confirmed")
    : subscribers.where("unsubscribe_token", "=", token)
  ).executeTakeFirst();
  return row ? { id: Number(row.id), email: row.email } : undefined;
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

/**
 * Removes the subscription behind token, and the newsletter copies still waiting for it, so a
 * newsletter being sent stops for this address at once. Answers its email, or undefined.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<string | undefined> {
  if (!isWellFormedUnsubscribeToken(token)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("newsletter_subscriptions")
      .where("unsubscribe_token", "=", token)
      .returning("email")
      .executeTakeFirst();
    if (row) await cancelWaitingCopies(trx, row.email);
    return row?.email;
  });
}

/** Newsletter copies not yet handed to the mail server, marked so that they are never sent. */
export async function cancelWaitingCopies(db: Db, email: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ state: "cancelled", last_error: "Unsubscribed before this copy was sent" })
    .where("newsletter_id", "is not", null)
    .where(sql<string>`lower(recipient)`, "=", email.toLowerCase())
    .where("state", "=", "pending")
    .execute();
}

export type Subscriber = {
  id: number;
  email: string;
  state: SubscriptionState;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribeToken: string;
};

/** Every sign-up but the held ones, newest first: what the admin lists and the CSV exports. */
export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "state", "created_at", "confirmed_at", "unsubscribe_token"])
    .where("spam_verdict", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    state: row.state,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
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

/** Everything stored about one subscriber, for their data request: the row and what was sent. */
export async function exportSubscriber(db: Db, id: number) {
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select([
      "email",
      "state",
      "created_at",
      "confirmation_sent_at",
      "confirmed_at",
      "user_agent",
      "spam_verdict",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const clicks = await listSubscriberClicks(db, id);
  const mails = await db
    .selectFrom("mail_outbox")
    .select(["subject", "state", "created_at", "sent_at"])
    .where(sql<string>`lower(recipient)`, "=", row.email)
    .orderBy("id")
    .execute();
  return {
    subscription: {
      email: row.email,
      state: row.state,
      signedUpAt: row.created_at,
      confirmationSentAt: row.confirmation_sent_at,
      confirmedAt: row.confirmed_at,
      browser: row.user_agent,
      heldAsPossibleSpam: row.spam_verdict !== null,
    },
    emails: mails.map((mail) => ({
      subject: mail.subject,
      state: mail.state,
      queuedAt: mail.created_at,
      sentAt: mail.sent_at,
    })),
    clicks,
  };
}

/**
 * Erases a subscriber: their row and every mail addressed to them (sent newsletters' counts keep
 * the copy's row without the address). The Activity log records that someone was erased, never
 * who, in the same transaction.
 * Answers the erased email, or undefined.
 */
export async function eraseSubscriber(
  db: Db,
  id: number,
  actor: Actor,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("newsletter_subscriptions")
      .where("id", "=", id)
      .returning("email")
      .executeTakeFirst();
    if (!row) return undefined;
    await eraseSubscriberClicks(trx, id);
    await trx
      .deleteFrom("mail_outbox")
      .where(sql<string>`lower(recipient)`, "=", row.email)
      .where("newsletter_id", "is", null)
      .where("contact_message_id", "is", null)
      .execute();
    await trx
      .updateTable("mail_outbox")
      .set({
        recipient: "erased",
        body_text: "",
        body_html: null,
        headers: null,
        state: sql`case when state = 'pending' then 'cancelled' else state end`,
      })
      .where(sql<string>`lower(recipient)`, "=", row.email)
      .where("newsletter_id", "is not", null)
      .execute();
    await recordActivity(trx, { action: "delete", actor, target: "a subscriber" });
    return row.email;
  });
}

/** The subscriber list for a spreadsheet: each row with its state and unsubscribe link. */
export function formatSubscribersCsv(subscribers: Subscriber[], siteUrl: string): string {
  return formatCsv([
    ["email", "state", "subscribed_at", "unsubscribe_url"],
    ...subscribers.map((subscriber) => [
      subscriber.email,
      subscriber.state,
      subscriber.createdAt,
      getUnsubscribeUrl(siteUrl, subscriber.unsubscribeToken),
    ]),
  ]);
}
