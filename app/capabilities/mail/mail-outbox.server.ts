// The durable mail outbox: a mail is a row written in the transaction of what it is about, sent
// later by the worker, retried with growing delays, then marked failed. Each row records where its
// SMTP exchange stands, so a crash mid-send is not resent blindly (docs/decisions/010).
import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db, MailState } from "~/platform/db/tables.server";

/** Waits after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const retryDelaysMs = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
];
/** About 16 hours of retries before a mail is given up on. */
export const maxMailAttempts = 10;
/**
 * How long a claimed mail stays reserved for its worker. Short, so a worker that died frees its
 * mail soon; a live worker renews it every sendHeartbeatMs while the SMTP exchange goes on.
 */
export const sendLeaseMs = 30_000;
export const sendHeartbeatMs = 10_000;

/** A mail as a feature queues it (through mail-port.server.ts, the one door into mail). */
export type OutgoingMail = {
  to: string;
  /** A display name before the sending address (a newsletter's is the firm's name). */
  fromName?: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (newsletters, confirmations). */
  html?: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  contactMessageId?: number;
  /** One recipient's copy of a newsletter: sent at the newsletter pace, after other mail. */
  newsletterId?: number;
};

export type MailToSend = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /**
   * The same for every attempt at one outbox row: if a mail is ever sent twice (the server
   * accepted it but the worker died before recording that), mail clients show it once.
   */
  messageId?: string;
};
/** The two moments of an SMTP exchange the outbox records before the exchange goes on. */
export type HandOver = {
  /**
   * Called after the message data has gone out and before the end-of-data mark that makes the
   * server take the mail; the sender sends the mark only once this resolves, and if it rejects,
   * closes the connection without it (the server then drops the mail).
   */
  beforeEndOfData: () => Promise<void>;
  /** Called with the server's acceptance (its 250), before anything else is read or sent. */
  onAccepted: (response: string) => Promise<void>;
};
/**
 * Sends one mail, calling `handOver`'s two steps on the way; resolves after `onAccepted`, or
 * throws. An error that carries the server's reply (`responseCode`) means the server refused.
 */
export type MailSender = (mail: MailToSend, handOver: HandOver) => Promise<void>;

export type DeliveryOptions = {
  from: string;
  logger?: Logger;
  now?: () => number;
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  /** Most mails sent in one pass, so that a long backlog does not hold the worker. */
  batchSize?: number;
  /** Checked before each mail: a stopping worker finishes its current send and claims no more. */
  isStopping?: () => boolean;
  /** The send lease and its renewal interval (tests shorten them). */
  leaseMs?: number;
  heartbeatMs?: number;
  /**
   * The least time between two newsletter copies this process sends (NEWSLETTER_RATE), so a
   * newsletter to many readers does not trip the mail provider's limits. Other mail is not paced.
   */
  newsletterIntervalMs?: number;
};

/** `full`: the pass stopped at its batch size with mail possibly still due. */
export type DeliveryReport = { sent: number; retrying: number; failed: number; full: boolean };

/** The mail workers of this process, woken when mail is queued. */
export const wakeListeners = new Set<() => void>();

/** Tells the mail worker there is new mail, so it need not wait for its next check. */
export function wakeMailWorker(): void {
  for (const wake of wakeListeners) setImmediate(wake);
}

/** The delay after `failedAttempts` failures (1 or more). */
export function getRetryDelayMs(failedAttempts: number, delays: readonly number[] = retryDelaysMs) {
  const index = Math.min(Math.max(failedAttempts, 1), delays.length) - 1;
  return delays[index] ?? 0;
}

/** One outbox row's values. */
function toOutboxRow(mail: OutgoingMail, now: Date) {
  return {
    contact_message_id: mail.contactMessageId ?? null,
    newsletter_id: mail.newsletterId ?? null,
    recipient: mail.to,
    reply_to: mail.replyTo ?? null,
    from_name: mail.fromName ?? null,
    subject: mail.subject,
    body_text: mail.text,
    body_html: mail.html ?? null,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    state: "pending" as const,
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
  };
}

/**
 * Adds a mail to the outbox; pass the transaction that stores what the mail is about. Returns
 * the mail's row id. Features queue through mail-port.server.ts, which wakes the worker.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail, now = new Date()): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values(toOutboxRow(mail, now))
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Adds many mails (a newsletter's copies) to the outbox, in the caller's transaction. */
export async function enqueueMails(db: Db, mails: OutgoingMail[], now = new Date()): Promise<void> {
  const rows = mails.map((mail) => toOutboxRow(mail, now));
  // In slices: SQLite takes at most 32766 bound values in one statement.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("mail_outbox")
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/** When this process last claimed a newsletter copy, per database: the newsletter pace. */
const lastNewsletterClaimByDb = new WeakMap<Db, number>();

function readHeaders(value: string | null): Record<string, string> | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/** `"Name" <address>`, the name quoted so commas and dots in a firm's name stay part of it. */
export function formatSender(address: string, name: string | null | undefined): string {
  const clean = name?.replace(/[\r\n\t]+/g, " ").trim();
  if (!clean) return address;
  return `"${clean.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

/** The Message-ID of one outbox row: stable across attempts and restarts. */
export function getOutboxMessageId(mailId: number, createdAt: string, from: string): string {
  const domain = from.split("@")[1] ?? "localhost";
  return `<outbox-${mailId}-${Date.parse(createdAt) || 0}@${domain}>`;
}

/**
 * Mails the SMTP server accepted whose "sent" record could not be written yet (the database
 * failed right after the 250). Written first thing in the next pass, before rows left handing
 * over are marked in doubt, so a mail this process knows was accepted is shown as sent.
 */
type SentRecord = { smtpResponse: string | null; sentAt: string };
const unrecordedSendsByDb = new WeakMap<Db, Map<number, SentRecord>>();

function getUnrecordedSends(db: Db): Map<number, SentRecord> {
  let sends = unrecordedSendsByDb.get(db);
  if (!sends) {
    sends = new Map();
    unrecordedSendsByDb.set(db, sends);
  }
  return sends;
}

async function recordSent(db: Db, mailId: number, record: SentRecord): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({
      state: "sent",
      sent_at: record.sentAt,
      last_error: null,
      smtp_response: record.smtpResponse,
    })
    .where("id", "=", mailId)
    .execute();
  getUnrecordedSends(db).delete(mailId);
}

/** A claimed mail: its row id and the attempt number that is this worker's claim on it. */
type Claim = { id: number; attempts: number };

/**
 * Another worker has claimed this mail since (this one stalled past its lease): the row is
 * theirs, so this worker sends no end-of-data mark and writes nothing to it.
 */
class LeaseLostError extends Error {
  constructor() {
    super("Another worker took this mail over");
  }
}

const inDoubtNote =
  "The sending stopped after the mail was handed to the mail server and before it confirmed: it may have arrived, so it is not sent again";

/** Keeps renewing one claimed mail's lease while its send goes on. */
function startLeaseHeartbeat(
  db: Db,
  claim: Claim,
  now: () => number,
  { leaseMs = sendLeaseMs, heartbeatMs = sendHeartbeatMs } = {},
): () => void {
  const timer = setInterval(() => {
    db.updateTable("mail_outbox")
      .set({ next_attempt_at: new Date(now() + leaseMs).toISOString() })
      .where("id", "=", claim.id)
      .where("attempts", "=", claim.attempts)
      .where("state", "in", ["sending", "handing-over"])
      .execute()
      .catch(() => {
        // The database is away: the lease runs out later than it would have, nothing else.
      });
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Claims the next due mail, or undefined when none is due (or another worker took it). A
 * visitor's message alert never waits behind a newsletter's copies; with `skipNewsletters`, only
 * other mail is claimed.
 */
async function claimDueMail(db: Db, now: number, leaseMs = sendLeaseMs, skipNewsletters = false) {
  let query = db
    .selectFrom("mail_outbox")
    .select(["id", "next_attempt_at"])
    .where("state", "in", ["pending", "sending"])
    .where("next_attempt_at", "<=", new Date(now).toISOString());
  if (skipNewsletters) query = query.where("newsletter_id", "is", null);
  const due = await query
    .orderBy(sql`case when newsletter_id is null then 0 else 1 end`)
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!due) return undefined;
  const claimed = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      state: "sending" as MailState,
      attempts: eb("attempts", "+", 1),
      next_attempt_at: new Date(now + leaseMs).toISOString(),
    }))
    .where("id", "=", due.id)
    .where("next_attempt_at", "=", due.next_attempt_at)
    .where("state", "in", ["pending", "sending"])
    .returningAll()
    .executeTakeFirst();
  return claimed ? { ...claimed, attempts: Number(claimed.attempts) } : { id: due.id, skip: true };
}

/**
 * Written and committed before the end-of-data mark goes out: from here on, a worker that dies
 * leaves a row that says the server may have the mail. Only the worker whose claim still holds
 * may write it, so a worker that stalled past its lease never completes a second copy.
 */
async function markHandingOver(db: Db, claim: Claim, leaseUntil: number): Promise<void> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ state: "handing-over", next_attempt_at: new Date(leaseUntil).toISOString() })
    .where("id", "=", claim.id)
    .where("attempts", "=", claim.attempts)
    .where("state", "=", "sending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new LeaseLostError();
}

/**
 * Rows whose worker died while handing its mail over (their lease ran out in "handing-over"):
 * the server may have the mail, so they are marked in doubt for the admin to see, not resent.
 */
async function markAbandonedHandOvers(db: Db, now: number, logger?: Logger): Promise<void> {
  const abandoned = await db
    .updateTable("mail_outbox")
    .set({ state: "in-doubt", last_error: inDoubtNote })
    .where("state", "=", "handing-over")
    .where("next_attempt_at", "<=", new Date(now).toISOString())
    .returning("id")
    .execute();
  for (const { id } of abandoned) {
    logger?.error({ mailId: Number(id) }, "Mail delivery unknown: its sender stopped mid-handover");
  }
}

/** An SMTP reply to the mail (4xx, 5xx): the server said no, so the mail is certainly not there. */
function isServerRefusal(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "responseCode" in error &&
    typeof error.responseCode === "number" &&
    error.responseCode >= 400
  );
}

/**
 * The server's permanent refusal of the recipient (a 5xx to RCPT TO: no such mailbox, for
 * instance), with its code and reply; another try would only be refused again.
 */
function readRecipientRefusal(error: unknown): { code: number; reply: string } | undefined {
  if (!isServerRefusal(error) || typeof error !== "object" || error === null) return undefined;
  const { responseCode, command, response } = error as {
    responseCode: number;
    command?: unknown;
    response?: unknown;
  };
  if (responseCode < 500 || command !== "RCPT TO") return undefined;
  const reply = typeof response === "string" ? response : describeError(error);
  return { code: responseCode, reply: reply.replace(/\s+/g, " ").slice(0, 500) };
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 500);
}

/** Sends every mail that is due now, one after another; returns what happened. */
export async function deliverDueMail(
  db: Db,
  send: MailSender,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const now = options.now ?? Date.now;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, full: false };
  const batchSize = options.batchSize ?? 20;
  const newsletterIntervalMs = options.newsletterIntervalMs ?? 0;
  // A send the server accepted is recorded before anything else is claimed (throws while the
  // database is still away: the pass ends and the next one tries again).
  for (const [mailId, record] of getUnrecordedSends(db)) await recordSent(db, mailId, record);
  await markAbandonedHandOvers(db, now(), options.logger);
  let pass = 0;
  for (; pass < batchSize; pass++) {
    if (options.isStopping?.()) break;
    const paceWait = (lastNewsletterClaimByDb.get(db) ?? 0) + newsletterIntervalMs - now();
    const mail = await claimDueMail(db, now(), options.leaseMs, paceWait > 0);
    if (!mail && paceWait > 0) {
      // Only newsletter copies may be due: wait (a few seconds at most), then look again, other
      // mail first and the pace checked anew.
      await waitFor(paceWait, options.isStopping);
      continue;
    }
    if (!mail) break;
    if ("skip" in mail) continue;
    if (mail.newsletter_id !== null) lastNewsletterClaimByDb.set(db, now());
    const attempt = await attemptSend(db, send, mail, options);
    const counted = await settleAttempt(db, mail, attempt, options);
    if (counted) report[counted]++;
  }
  report.full = pass >= batchSize;
  return report;
}

/** One claimed outbox row, as claimDueMail returns it. */
type ClaimedMail = Exclude<Awaited<ReturnType<typeof claimDueMail>>, undefined | { skip: boolean }>;

/** How one send went: whether the mail was handed over and accepted, and what failed. */
type Attempt = {
  handedOver: boolean;
  accepted: boolean;
  sendError?: unknown;
  recordError?: unknown;
};

/**
 * Sends one claimed mail, recording each step of the SMTP exchange as it passes, while a
 * heartbeat keeps the claim's lease.
 */
async function attemptSend(
  db: Db,
  send: MailSender,
  mail: ClaimedMail,
  options: DeliveryOptions,
): Promise<Attempt> {
  const now = options.now ?? Date.now;
  const claim: Claim = { id: mail.id, attempts: mail.attempts };
  const attempt: Attempt = { handedOver: false, accepted: false };
  const handOver: HandOver = {
    beforeEndOfData: async () => {
      await markHandingOver(db, claim, now() + (options.leaseMs ?? sendLeaseMs));
      attempt.handedOver = true;
    },
    onAccepted: async (response) => {
      attempt.accepted = true;
      // The server has the mail: that fact is written first, and kept in memory until it is.
      const record = {
        smtpResponse: response.slice(0, 500),
        sentAt: new Date(now()).toISOString(),
      };
      getUnrecordedSends(db).set(mail.id, record);
      try {
        await recordSent(db, mail.id, record);
      } catch (error) {
        attempt.recordError = error;
      }
    },
  };
  const stopHeartbeat = startLeaseHeartbeat(db, claim, now, options);
  try {
    await send(
      {
        from: formatSender(options.from, mail.from_name),
        to: mail.recipient,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html ?? undefined,
        headers: readHeaders(mail.headers),
        messageId: getOutboxMessageId(mail.id, mail.created_at, options.from),
      },
      handOver,
    );
    if (!attempt.accepted) {
      attempt.sendError = new Error("The mail sender finished without the server's answer");
    }
  } catch (error) {
    attempt.sendError = error;
  } finally {
    stopHeartbeat();
  }
  return attempt;
}

/**
 * Writes what became of one attempt: sent, in doubt (handed over, no answer), or due again later
 * (failed for good after the last attempt). Answers the report's count it adds to, if any.
 */
async function settleAttempt(
  db: Db,
  mail: ClaimedMail,
  attempt: Attempt,
  options: DeliveryOptions,
): Promise<"sent" | "retrying" | "failed" | undefined> {
  const now = options.now ?? Date.now;
  const claim: Claim = { id: mail.id, attempts: mail.attempts };
  if (attempt.accepted) {
    // Thrown while the database is away: the pass ends, and the next one writes it first.
    if (attempt.recordError) throw attempt.recordError;
    options.logger?.info({ mailId: mail.id, attempts: mail.attempts }, "Mail sent");
    return "sent";
  }
  const lastError = describeError(attempt.sendError);
  if (attempt.sendError instanceof LeaseLostError) {
    options.logger?.warn({ mailId: mail.id }, "Mail taken over by another worker: not sent here");
    return undefined;
  }
  if (attempt.handedOver && !isServerRefusal(attempt.sendError)) {
    // The end-of-data mark went out and no answer came back: the server may have the mail.
    await db
      .updateTable("mail_outbox")
      .set({ state: "in-doubt", last_error: `${inDoubtNote} (${lastError})`.slice(0, 500) })
      .where("id", "=", claim.id)
      .where("attempts", "=", claim.attempts)
      .where("state", "=", "handing-over")
      .execute();
    options.logger?.error(
      { mailId: mail.id, attempts: mail.attempts, err: lastError },
      "Mail delivery unknown: no answer after the mail was handed over; not sent again",
    );
    return undefined;
  }
  const refusal = readRecipientRefusal(attempt.sendError);
  // A recipient refused for good is given up on at once, its code and reply kept on the row.
  const giveUp = Boolean(refusal) || mail.attempts >= (options.maxAttempts ?? maxMailAttempts);
  const delays = options.retryDelaysMs ?? retryDelaysMs;
  const retried = await db
    .updateTable("mail_outbox")
    .set({
      state: giveUp ? "failed" : "pending",
      last_error: lastError,
      next_attempt_at: new Date(now() + getRetryDelayMs(mail.attempts, delays)).toISOString(),
      ...(refusal ? { refusal_code: refusal.code, smtp_response: refusal.reply } : {}),
    })
    .where("id", "=", claim.id)
    .where("attempts", "=", claim.attempts)
    .where("state", "in", ["sending", "handing-over"])
    .executeTakeFirst();
  // Another worker has taken the mail over since: the row is theirs to write.
  if (Number(retried.numUpdatedRows) !== 1) return undefined;
  options.logger?.[giveUp ? "error" : "warn"](
    { mailId: mail.id, attempts: mail.attempts, err: lastError },
    giveUp ? "Mail failed: giving up" : "Mail not sent: will retry",
  );
  return giveUp ? "failed" : "retrying";
}

/** Waits `ms` (at most a few seconds), ending early once the worker is stopping. */
async function waitFor(ms: number, isStopping?: () => boolean): Promise<void> {
  const end = Date.now() + Math.min(ms, 5000);
  while (Date.now() < end && !isStopping?.()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, end - Date.now())));
  }
}
