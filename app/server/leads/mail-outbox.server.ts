// The durable mail outbox: a mail is a row, written in the same transaction as the message it is
// about, and sent later by the background worker (never in a visitor's request). A failed send is
// retried with growing delays and, after too many attempts, marked failed for the admin to see.
import { createTransport } from "nodemailer";
import type { Logger } from "pino";
import type { Db, MailState } from "../db/tables.server";

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
/** How long a worker may take to send one mail before another may try it. */
export const sendLeaseMs = 5 * 60_000;

export type OutgoingMail = {
  recipient: string;
  replyTo?: string;
  subject: string;
  text: string;
  contactMessageId?: number;
};

export type MailToSend = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
};
/** Sends one mail or throws; the outbox decides what a failure means. */
export type MailSender = (mail: MailToSend) => Promise<void>;

export type DeliveryOptions = {
  from: string;
  logger?: Logger;
  now?: () => number;
  retryDelaysMs?: readonly number[];
  maxAttempts?: number;
  /** Most mails sent in one pass, so that a long backlog does not hold the worker. */
  batchSize?: number;
};

export type DeliveryReport = { sent: number; retrying: number; failed: number };

/** The delay after `failedAttempts` failures (1 or more). */
export function getRetryDelayMs(failedAttempts: number, delays: readonly number[] = retryDelaysMs) {
  const index = Math.min(Math.max(failedAttempts, 1), delays.length) - 1;
  return delays[index] ?? 0;
}

/** Adds a mail to the outbox; pass the transaction that stores what the mail is about. */
export async function enqueueMail(db: Db, mail: OutgoingMail, now = new Date()): Promise<void> {
  await db
    .insertInto("mail_outbox")
    .values({
      contact_message_id: mail.contactMessageId ?? null,
      recipient: mail.recipient,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      body_text: mail.text,
      state: "pending",
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

/** Claims the next due mail, or undefined when none is due (or another worker took it). */
async function claimDueMail(db: Db, now: number) {
  const due = await db
    .selectFrom("mail_outbox")
    .select(["id", "next_attempt_at"])
    .where("state", "in", ["pending", "sending"])
    .where("next_attempt_at", "<=", new Date(now).toISOString())
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
      next_attempt_at: new Date(now + sendLeaseMs).toISOString(),
    }))
    .where("id", "=", due.id)
    .where("next_attempt_at", "=", due.next_attempt_at)
    .where("state", "in", ["pending", "sending"])
    .returningAll()
    .executeTakeFirst();
  return claimed ? { ...claimed, attempts: Number(claimed.attempts) } : { id: due.id, skip: true };
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
  const delays = options.retryDelaysMs ?? retryDelaysMs;
  const maxAttempts = options.maxAttempts ?? maxMailAttempts;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (let pass = 0; pass < (options.batchSize ?? 20); pass++) {
    const mail = await claimDueMail(db, now());
    if (!mail) break;
    if ("skip" in mail) continue;
    try {
      await send({
        from: options.from,
        to: mail.recipient,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.body_text,
      });
      await db
        .updateTable("mail_outbox")
        .set({ state: "sent", sent_at: new Date(now()).toISOString(), last_error: null })
        .where("id", "=", mail.id)
        .execute();
      report.sent++;
      options.logger?.info({ mailId: mail.id, attempts: mail.attempts }, "Mail sent");
    } catch (error) {
      const lastError = describeError(error);
      const giveUp = mail.attempts >= maxAttempts;
      await db
        .updateTable("mail_outbox")
        .set({
          state: giveUp ? "failed" : "pending",
          last_error: lastError,
          next_attempt_at: new Date(now() + getRetryDelayMs(mail.attempts, delays)).toISOString(),
        })
        .where("id", "=", mail.id)
        .execute();
      if (giveUp) report.failed++;
      else report.retrying++;
      options.logger?.[giveUp ? "error" : "warn"](
        { mailId: mail.id, attempts: mail.attempts, err: lastError },
        giveUp ? "Mail failed: giving up" : "Mail not sent: will retry",
      );
    }
  }
  return report;
}

/** An SMTP sender for SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpSender(smtpUrl: string): { send: MailSender; close: () => void } {
  const transport = createTransport({
    url: smtpUrl,
    // A server that accepts the connection and then hangs must not hold the worker for long.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
