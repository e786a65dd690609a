// How features below the leads (the admin's email flows) send mail: through the leads outbox,
// which they cannot import (DESIGN.md section 3). The host registers the outbox here at boot
// (server/boot.server.ts); a mail is then a row the background worker sends, never in a request.
import type { Config } from "../../platform/config.server";
import type { Db } from "../../platform/db/tables.server";

/** A plain-text mail to one address. */
export type PortMail = { to: string; subject: string; text: string };

export type MailPort = {
  /** Mail is set up: SMTP_URL and MAIL_FROM are set. */
  isEnabled: (config: Config) => boolean;
  /**
   * Queues the mail and wakes the mail worker. Call it once what the mail is about is committed:
   * a worker woken inside a transaction may look before the row exists (and wait for its next
   * round).
   */
  send: (db: Db, mail: PortMail) => Promise<void>;
};

let port: MailPort | undefined;

export function registerMailPort(next: MailPort): void {
  port = next;
}

/** Whether mail can be sent; false until a port is registered. */
export function isMailEnabled(config: Config): boolean {
  return port?.isEnabled(config) ?? false;
}

export async function sendMail(db: Db, mail: PortMail): Promise<void> {
  if (!port) throw new Error("No mail port registered: the host registers it at boot");
  await port.send(db, mail);
}
