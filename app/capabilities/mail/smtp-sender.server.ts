// Sends one outbox mail over its own SMTP connection (nodemailer's SMTPConnection rather than
// sendMail), so the outbox can record its state at the two moments that matter: just before the
// end-of-data mark that makes the server take the mail, and the moment the server's 250 arrives.
import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type { HandOver, MailSender, MailToSend } from "./mail-outbox.server";

export type SmtpSender = { send: MailSender; close: () => void };

/** An SMTP sender for SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpSender(smtpUrl: string): SmtpSender {
  const { auth, ...urlOptions } = parseConnectionUrl(smtpUrl);
  const options = {
    ...urlOptions,
    // A server that accepts the connection and then hangs must not hold the worker for long.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
  const open = new Set<SMTPConnection>();
  return {
    send: async (mail, handOver) => {
      const message = new MailComposer(composeOptions(mail)).compile();
      const envelope = message.getEnvelope();
      const raw = await message.build();
      const connection = new SMTPConnection(options);
      open.add(connection);
      connection.once("end", () => open.delete(connection));
      try {
        await exchange(connection, auth, envelope, raw, handOver);
      } catch (error) {
        connection.close();
        throw error;
      }
      // The 250 is recorded by now: QUIT is a courtesy whose answer nothing waits for.
      connection.quit();
    },
    close: () => {
      for (const connection of open) connection.close();
    },
  };
}

function composeOptions(mail: MailToSend) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
  };
}

type Envelope = ReturnType<ReturnType<MailComposer["compile"]>["getEnvelope"]>;

/** Connects, logs in when the URL has credentials, and sends; settles once, on the 250 or the first error. */
function exchange(
  connection: SMTPConnection,
  auth: { user: string; pass: string } | undefined,
  envelope: Envelope,
  raw: Buffer,
  handOver: HandOver,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    // Stays attached for the connection's life: a late socket error (during QUIT) is not a crash.
    connection.on("error", finish);
    connection.connect((error) => {
      if (error) return finish(error);
      if (auth && connection.allowsAuth) {
        connection.login(auth, (loginError) => (loginError ? finish(loginError) : transmit()));
      } else {
        transmit();
      }
    });
    function transmit() {
      connection.send(envelope, holdEndOfData(raw, handOver.beforeEndOfData), (error, info) => {
        if (error || !info) return finish(error ?? new Error("The SMTP server gave no answer"));
        // Nothing else is read or sent on this connection until the acceptance is recorded.
        handOver.onAccepted(info.response).then(() => finish(), finish);
      });
    }
  });
}

/**
 * The message as a stream that nodemailer reads only after the server's 354 (go ahead with the
 * data), and that ends (which makes nodemailer send the end-of-data mark) only once
 * `beforeEnd` has resolved. If it rejects, the stream fails: the mark is never sent, the
 * connection is closed, and the server drops the half-received mail.
 */
function holdEndOfData(raw: Buffer, beforeEnd: () => Promise<void>): Readable {
  let stage: "body" | "end" | "waiting" = "body";
  return new Readable({
    read() {
      if (stage === "body") {
        stage = "end";
        this.push(raw);
      } else if (stage === "end") {
        stage = "waiting";
        beforeEnd().then(
          () => this.push(null),
          (error: unknown) =>
            this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
    },
  });
}
