// How a feature sends one plain-text mail: a row in the outbox, sent later by the background
// worker, never in a request.
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { enqueueMail, wakeMailWorker } from "./mail-outbox.server";

/** A plain-text mail to one address. */
export type PortMail = { to: string; subject: string; text: string };

/** Mail is set up: SMTP_URL and MAIL_FROM are set. */
export function isMailEnabled(config: Config): boolean {
  return Boolean(config.SMTP_URL && config.MAIL_FROM);
}

/**
 * Queues the mail and wakes the mail worker. Call it once what the mail is about is committed:
 * a worker woken inside a transaction may look before the row exists (and wait for its next
 * round).
 */
export async function sendMail(db: Db, mail: PortMail): Promise<void> {
  await enqueueMail(db, { recipient: mail.to, subject: mail.subject, text: mail.text });
  wakeMailWorker();
}
