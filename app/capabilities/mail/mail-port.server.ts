// The one door into mail for every feature: a mail is a row in the outbox, written in the
// transaction of what it is about and sent later by the background worker, never in a request.
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { enqueueMail, enqueueMails, type OutgoingMail, wakeMailWorker } from "./mail-outbox.server";

/** A plain-text mail to one address, with what the outbox needs to know about it. */
export type Mail = OutgoingMail;

/** Queues mail in the transaction it was handed with. */
export type MailQueue = {
  /** Queues one mail; answers its outbox row id. */
  add: (mail: Mail, now?: Date) => Promise<number>;
  /** Queues many mails at once (a newsletter's copies). */
  addAll: (mails: Mail[], now?: Date) => Promise<void>;
};

/** Mail is set up: SMTP_URL and MAIL_FROM are set. */
export function isMailEnabled(config: Config): boolean {
  return Boolean(config.SMTP_URL && config.MAIL_FROM);
}

/**
 * Queues one mail that is all there is to store, and wakes the mail worker. Call it once what
 * the mail is about is committed: a worker woken inside a transaction may look before the row
 * exists (and wait for its next round). A mail that belongs to a write goes through
 * writeWithMail instead.
 */
export async function sendMail(db: Db, mail: Mail, now = new Date()): Promise<void> {
  await enqueueMail(db, mail, now);
  wakeMailWorker();
}

/**
 * Runs `write` in one transaction whose mail, queued through `mail`, commits with what it is
 * about (or not at all); once it has committed with mail in it, the worker is woken. Answers what
 * `write` answers.
 */
export async function writeWithMail<T>(
  db: Db,
  write: (trx: Db, mail: MailQueue) => Promise<T>,
): Promise<T> {
  let queued = 0;
  const result = await db.transaction().execute((trx) =>
    write(trx, {
      add: (mail, now) => {
        queued++;
        return enqueueMail(trx, mail, now);
      },
      addAll: async (mails, now) => {
        queued += mails.length;
        await enqueueMails(trx, mails, now);
      },
    }),
  );
  if (queued > 0) wakeMailWorker();
  return result;
}
