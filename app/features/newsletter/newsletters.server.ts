// Newsletters: drafts an admin writes, then sends (now, or at its scheduled time) once to every
// confirmed subscriber through the mail outbox (one row per recipient, so a restart resumes and
// nobody gets two), and what became of each send: sent, waiting, failed, unsubscribed since.
import { sql } from "kysely";
import {
  type Mail,
  type MailQueue,
  sendMail,
  writeWithMail,
} from "~/capabilities/mail/mail-port.server";
import { withMailImages } from "~/capabilities/rich-text/responsive-html.server";
import { sanitizeRichText } from "~/capabilities/rich-text/sanitize.server";
import { getUnsubscribeUrl } from "~/features/newsletter/subscribers.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { Db, NewsletterStatus } from "~/platform/db/tables.server";
import { startCopyTracking } from "./clicks/copy-tracking.server";
import { type NewsletterFrame, renderNewsletterEmail } from "./email.server";
import type { NewsletterDraft } from "./schema";
import { describeEmptyAudience, parseAudience } from "./topics";
import { listRecipients } from "./topics.server";

export type NewsletterStats = {
  recipients: number;
  sent: number;
  /** Queued, or being handed to the mail server right now. */
  waiting: number;
  /** Given up on after every retry, or of unknown fate (the site stopped mid-handover). */
  failed: number;
  inDoubt: number;
  /** Not sent: the reader unsubscribed (or was erased) first. */
  cancelled: number;
  /** Readers this newsletter reached who are no longer subscribers. */
  unsubscribedSince: number;
};

export type NewsletterSummary = {
  id: number;
  subject: string;
  status: NewsletterStatus;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** When a scheduled issue leaves (kept once it has left); null: never scheduled. */
  scheduledAt: string | null;
  stats: NewsletterStats;
};

export type Newsletter = NewsletterSummary & { bodyHtml: string };

export class NewsletterStateError extends Error {
  override name = "NewsletterStateError";
}

const emptyStats: NewsletterStats = {
  recipients: 0,
  sent: 0,
  waiting: 0,
  failed: 0,
  inDoubt: 0,
  cancelled: 0,
  unsubscribedSince: 0,
};

/** Each newsletter's delivery counts, read in one pass over its outbox rows. */
async function readStats(db: Db, ids: number[]): Promise<Map<number, NewsletterStats>> {
  const stats = new Map<number, NewsletterStats>();
  if (ids.length === 0) return stats;
  const rows = await db
    .selectFrom("mail_outbox")
    .select((eb) => [
      "newsletter_id",
      "state",
      eb.fn.countAll<number | string>().as("count"),
      // Sent to an address that is not a confirmed subscriber any more.
      eb.fn
        .sum<number | string>(
          sql`case when state = 'sent' and not exists (select 1 from newsletter_subscriptions s where s.email = mail_outbox.recipient and s.state in ('confirmed', 'bounced')) then 1 else 0 end`,
        )
        .as("gone"),
    ])
    .where("newsletter_id", "in", ids)
    .groupBy(["newsletter_id", "state"])
    .execute();
  for (const row of rows) {
    const id = Number(row.newsletter_id);
    const entry = stats.get(id) ?? { ...emptyStats };
    const count = Number(row.count);
    entry.recipients += count;
    if (row.state === "sent") {
      entry.sent += count;
      entry.unsubscribedSince += Number(row.gone ?? 0);
    } else if (row.state === "failed") entry.failed += count;
    else if (row.state === "in-doubt") entry.inDoubt += count;
    else if (row.state === "cancelled") entry.cancelled += count;
    else entry.waiting += count;
    stats.set(id, entry);
  }
  return stats;
}

type NewsletterRow = {
  id: number;
  subject: string;
  status: NewsletterStatus;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  scheduled_at: string | null;
};

function toSummary(row: NewsletterRow, stats: Map<number, NewsletterStats>): NewsletterSummary {
  const id = Number(row.id);
  const counted = stats.get(id) ?? emptyStats;
  // "sending" until no copy is left waiting: the status the owner sees follows the copies.
  const status = row.status === "sending" && counted.waiting === 0 ? "sent" : row.status;
  return {
    id,
    subject: row.subject,
    status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    scheduledAt: row.scheduled_at,
    stats: counted,
  };
}

/** Every newsletter, newest first, with its delivery counts. */
export async function listNewsletters(db: Db): Promise<NewsletterSummary[]> {
  const rows = await db
    .selectFrom("newsletters")
    .select(["id", "subject", "status", "created_at", "updated_at", "sent_at", "scheduled_at"])
    .orderBy("id", "desc")
    .execute();
  const stats = await readStats(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => toSummary(row, stats));
}

export async function getNewsletter(db: Db, id: number): Promise<Newsletter | undefined> {
  const row = await db
    .selectFrom("newsletters")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const stats = await readStats(db, [Number(row.id)]);
  return { ...toSummary(row, stats), bodyHtml: row.body_html };
}

/** A new draft, blank or filled (from an article); answers its id. */
export async function createNewsletter(
  db: Db,
  draft: { subject: string; bodyHtml: string; articleId?: string },
  author: string,
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto("newsletters")
    .values({
      subject: draft.subject.slice(0, 200),
      body_html: sanitizeRichText(draft.bodyHtml),
      article_id: draft.articleId ?? null,
      status: "draft",
      author,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Why a newsletter is no draft to change any more, as it stands now: a tab opened before someone
 * scheduled, sent or deleted it learns which.
 */
export async function describeNotDraft(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom("newsletters")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return "This newsletter has been deleted, so it can no longer be changed.";
  if (row.status === "scheduled") {
    return "This newsletter has been scheduled in the meantime, so it can no longer be changed. Reload the page to see when it goes out; cancelling the schedule makes it a draft again.";
  }
  if (row.status === "draft") return "This newsletter changed in the meantime. Reload the page.";
  return "This newsletter has been sent already, so it can no longer be changed.";
}

/**
 * Saves a draft's subject and text; a newsletter already sent is refused. Answers the draft as
 * saved, its text sanitized.
 */
export async function saveNewsletter(
  db: Db,
  id: number,
  draft: NewsletterDraft,
  now = new Date(),
): Promise<NewsletterDraft> {
  const saved = { subject: draft.subject, bodyHtml: sanitizeRichText(draft.bodyHtml) };
  const result = await db
    .updateTable("newsletters")
    .set({ subject: saved.subject, body_html: saved.bodyHtml, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new NewsletterStateError(await describeNotDraft(db, id));
  }
  return saved;
}

export async function deleteNewsletter(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("newsletters")
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning("subject")
      .executeTakeFirst();
    if (!row) throw new NewsletterStateError(await describeNotDraft(trx, id));
    await recordActivity(trx, { action: "delete", actor, target: `newsletter draft ${id}` });
  });
}

/** The newsletter as it is mailed: its images as copies sized for a mailbox, in JPEG or PNG. */
export async function prepareForMail<T extends { bodyHtml: string }>(db: Db, newsletter: T) {
  return { ...newsletter, bodyHtml: await withMailImages(db, newsletter.bodyHtml) };
}

/**
 * The email one subscriber gets; also the test copy (no address of theirs). From the firm by
 * name, and a reply goes to the site's contact address rather than the sending one.
 */
export function buildNewsletterMail(
  newsletter: { subject: string; bodyHtml: string },
  frame: NewsletterFrame,
  recipient: string,
  unsubscribeUrl: string | undefined,
): Mail {
  const email = renderNewsletterEmail(newsletter, frame, unsubscribeUrl);
  return {
    to: recipient,
    fromName: frame.companyName,
    replyTo: frame.replyTo || undefined,
    subject: newsletter.subject,
    ...email,
  };
}

/** Queues a test copy of a saved draft to the admin, marked as a test in its subject. */
export async function sendTestCopy(
  db: Db,
  draft: NewsletterDraft,
  frame: NewsletterFrame,
  to: string,
  now = new Date(),
): Promise<void> {
  const mail = buildNewsletterMail(await prepareForMail(db, draft), frame, to, undefined);
  await sendMail(db, { ...mail, subject: `[Test] ${draft.subject}` }, now);
}

/**
 * Sends a draft: in one transaction it becomes "sending" and gets its copies queued. A second
 * click (or a second admin) finds it no longer a draft and sends nothing. Answers how many copies
 * were queued.
 */
export async function sendNewsletter(
  db: Db,
  id: number,
  frame: NewsletterFrame,
  actor: Actor,
  now = new Date(),
): Promise<number> {
  return writeWithMail(db, async (trx, mail) => {
    const claimed = await trx
      .updateTable("newsletters")
      .set({ status: "sending", sent_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .returning(["subject", "body_html", "audience"])
      .executeTakeFirst();
    if (!claimed) throw new NewsletterStateError(await describeNotDraft(trx, id));
    const queued = await queueNewsletterCopies(trx, mail, { id, ...claimed }, frame, now);
    if (queued === 0) throw new NewsletterStateError(describeEmptyAudience(claimed.audience));
    await recordActivity(
      trx,
      {
        action: "newsletter-send",
        actor,
        target: `newsletter ${id}`,
        detail: { recipients: queued },
      },
      now,
    );
    return queued;
  });
}

/**
 * Queues one outbox row per confirmed subscriber of a newsletter just claimed for sending, each
 * with their own unsubscribe link and headers, in the claim's transaction. Answers how many
 * (none: nobody to send to, for the caller to refuse or undo).
 */
export async function queueNewsletterCopies(
  trx: Db,
  mail: MailQueue,
  claimed: { id: number; subject: string; body_html: string; audience: string | null },
  frame: NewsletterFrame,
  now: Date,
): Promise<number> {
  const subscribers = await listRecipients(trx, parseAudience(claimed.audience));
  if (subscribers.length === 0) return 0;
  const newsletter = await prepareForMail(trx, {
    subject: claimed.subject,
    bodyHtml: claimed.body_html,
  });
  const tracking = startCopyTracking(newsletter.bodyHtml, frame.siteUrl);
  const mails = subscribers.map((subscriber) => ({
    ...buildNewsletterMail(
      tracking.trackCopy(newsletter, subscriber.email),
      frame,
      subscriber.email,
      getUnsubscribeUrl(frame.siteUrl, subscriber.unsubscribeToken),
    ),
    newsletterId: claimed.id,
  }));
  await mail.addAll(mails, now);
  await tracking.store(trx, claimed.id);
  return mails.length;
}
