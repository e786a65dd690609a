// The mail worker SIGKILLed mid-send (a real server process, a real SMTP server), then restarted
// on the same database: a mail the SMTP server may already have is not sent again and the admin is
// told so in words; a mail the server never took is delivered once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import type { Db } from "~/server/db/tables.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { postJson, type ServerProcess, startServerProcess } from "../support/server-process";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const admin = { email: "owner@clearline.example", password: "crash-window-password-1" };

let lastIp = 0;
function nextIp(): string {
  lastIp++;
  return `198.51.100.${lastIp}`;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(getTestDatabaseKinds())("a mail worker killed mid-send on $name", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: TestSmtpServer;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    smtp = await startTestSmtpServer();
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: "website@clearline.example",
      NOTIFY_TO: "owner@clearline.example",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    };
    db = await openDatabase(database.url);
  });

  afterAll(async () => {
    server?.kill();
    await server?.exited;
    await db?.destroy();
    await smtp?.close();
    await database?.drop();
  });

  async function sendMessage(text: string) {
    if (!server) throw new Error("no server");
    const response = await postJson(
      server.url,
      "/api/contact",
      { name: "Ann Lee", email: "ann@example.com", message: text },
      { "x-forwarded-for": nextIp() },
    );
    expect(response.status).toBe(201);
  }

  async function findMail(text: string) {
    const row = await db
      .selectFrom("mail_outbox")
      .innerJoin("contact_messages", "contact_messages.id", "mail_outbox.contact_message_id")
      .select(["mail_outbox.state", "mail_outbox.attempts"])
      .where("contact_messages.message", "=", text)
      .executeTakeFirst();
    return row ? { state: row.state, attempts: Number(row.attempts) } : undefined;
  }

  const copiesReceived = (text: string) => smtp.received.filter((raw) => raw.includes(text)).length;

  /** Kills the server from inside an SMTP hook and waits until it is gone. */
  async function killServer() {
    server?.kill();
    await server?.exited;
  }

  /**
   * The dead worker's 30 s lease runs out: moved into the past in the database, which is all
   * that waiting 30 s would change, so the test need not wait.
   */
  async function letLeasesRunOut() {
    await db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where("state", "in", ["sending", "handing-over"])
      .execute();
  }

  /** The card /admin/leads shows for one message, as the admin reads it. */
  async function readMessageCard(text: string): Promise<string> {
    if (!server) throw new Error("no server");
    const login = await postJson(server.url, "/api/admin/login", admin);
    const cookie = login.headers.getSetCookie().find((value) => value.startsWith("session="));
    expect(login.status).toBe(200);
    const page = await fetch(`${server.url}/admin/leads`, {
      headers: { cookie: cookie?.split(";")[0] ?? "" },
    });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("&#x27;", "'");
    const card = html.split("<article").find((part) => part.includes(text));
    if (!card) throw new Error(`no card for "${text}" on /admin/leads`);
    return card;
  }

  it("does not send again a mail the SMTP server took just before the crash", async () => {
    const text = "Killed while the mail server was saying yes.";
    // The server has the whole mail; the worker is killed before the 250 reaches it.
    smtp.setOnAccept(killServer);
    server = await startServerProcess(env);
    await sendMessage(text);
    await waitFor(() => copiesReceived(text) === 1 && !server?.alive());
    smtp.setOnAccept(undefined);
    expect(await findMail(text)).toEqual({ state: "handing-over", attempts: 1 });

    await letLeasesRunOut();
    server = await startServerProcess(env);
    await waitFor(async () => (await findMail(text))?.state === "in-doubt");
    // The restarted worker runs and delivers other mail, but never a second copy of that one.
    const later = "Sent after the restart.";
    await sendMessage(later);
    await waitFor(async () => (await findMail(later))?.state === "sent");
    expect(copiesReceived(later)).toBe(1);
    expect(copiesReceived(text)).toBe(1);
    expect(await findMail(text)).toEqual({ state: "in-doubt", attempts: 1 });
  });

  it("shows the admin that the mail may or may not have arrived, and that it was not resent", async () => {
    const card = await readMessageCard("Killed while the mail server was saying yes.");
    expect(card).toContain("Email delivery unknown");
    expect(card).toContain(
      "The site stopped while handing this email to the mail server, so it cannot tell whether the email arrived. It was not sent again, so that you do not get it twice: check your inbox for it.",
    );
  });

  it("delivers once, after the restart, a mail whose worker was killed before handing it over", async () => {
    server?.kill();
    await server?.exited;
    const text = "Killed before the mail server had the mail.";
    // The worker is killed while the server has not even taken the recipient.
    smtp.setOnRecipient(killServer);
    server = await startServerProcess(env);
    await sendMessage(text);
    await waitFor(async () => !server?.alive() && (await findMail(text))?.state === "sending");
    smtp.setOnRecipient(undefined);
    expect(copiesReceived(text)).toBe(0);

    await letLeasesRunOut();
    server = await startServerProcess(env);
    await waitFor(async () => (await findMail(text))?.state === "sent");
    expect(copiesReceived(text)).toBe(1);
    expect(await findMail(text)).toEqual({ state: "sent", attempts: 2 });
    const card = await readMessageCard(text);
    expect(card).toContain("Emailed");
    expect(card).not.toContain("Email delivery unknown");
  });
});
