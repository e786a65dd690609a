// A newsletter's sending SIGKILLed in the middle (a real server process, a real SMTP server), then
// the site restarted on the same database: every confirmed subscriber ends with exactly one copy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { letLeasesRunOut, waitForEmptyOutbox } from "../support/mail-site";
import {
  addConfirmedSubscribers,
  getNewsletterServerEnv,
  getRecipient,
  readMail,
  sendNewsletterAs,
  signIn,
  waitFor,
} from "../support/newsletter";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const admin = { email: "owner@clearline.example", password: "newsletter-crash-password" };

describe.each(getTestDatabaseKinds())("a newsletter send killed midway on $name", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: TestSmtpServer;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    smtp = await startTestSmtpServer();
    env = getNewsletterServerEnv(database.url, smtp.url, admin);
    db = await openDatabase(database.url);
  });

  afterAll(async () => {
    server?.kill();
    await server?.exited;
    await db?.destroy();
    await smtp?.close();
    await database?.drop();
  });

  it("sends each subscriber exactly one copy across a SIGKILL and a restart", async () => {
    server = await startServerProcess(env);
    const readers = await addConfirmedSubscribers(db, 40, "crash");
    // The 15th copy has fully arrived when the site is killed, before the server's answer.
    let killed: Promise<void> | undefined;
    smtp.setOnAccept(async () => {
      if (smtp.received.length !== 15 || killed) return;
      server?.kill();
      killed = server?.exited.then(() => undefined);
      await killed;
    });
    const cookie = await signIn(server.url, admin);
    const { response } = await sendNewsletterAs(server.url, cookie, {
      subject: "Through a crash",
      bodyHtml: "<p>One copy each.</p>",
    });
    expect(response.status).toBe(200);
    await waitFor(() => killed !== undefined, 30_000);
    await killed;
    smtp.setOnAccept(undefined);
    expect(smtp.received.length).toBeLessThan(40);

    await letLeasesRunOut(db);
    server = await startServerProcess(env);
    await waitForEmptyOutbox(db, 60_000);

    const copies = new Map<string, number>();
    // Only the newsletter's copies: signing in also mails the admin a new-browser notice.
    const newsletterCopies = smtp.received
      .map(readMail)
      .filter((mail) => mail.includes("\nSubject: Through a crash"));
    for (const mail of newsletterCopies) {
      const to = getRecipient(mail);
      copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    expect([...copies.keys()].sort()).toEqual([...readers].sort());
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
    // The copy the server had when the site died is not sent again, and says so.
    const doubtful = await db
      .selectFrom("mail_outbox")
      .select("state")
      .where("state", "=", "in-doubt")
      .execute();
    expect(doubtful).toHaveLength(1);
  }, 120_000);
});
