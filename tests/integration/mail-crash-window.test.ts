// The mail worker SIGKILLed mid-send (a real server process, a real SMTP server), then restarted
// on the same database: a mail the SMTP server may already have is not sent again and the admin is
// told so in words; a mail the server never took is delivered once.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { letLeasesRunOut } from "../support/mail-site";
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
   * An SMTP hook that kills the server once the visitor has had the contact form's answer (the
   * worker can reach the mail server before that answer is written), and the call that says so.
   */
  function killAfterAnswer() {
    let answered = () => {};
    const visitorAnswered = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const kill = async () => {
      await visitorAnswered;
      await killServer();
    };
    return { kill, answered };
  }

  /** The card /admin/leads shows for one message, as the admin reads it. */
  /**
   * Until the worker, which has read the 250, is waiting for the test's lock to write "sent".
   * PostgreSQL shows the waiting statement; SQLite's wait (retries from the other process) shows
   * nowhere, so there the test gives the 250 a moment to be read. Were the kill to come before
   * the 250 is read, the row would say the same, and the test would still hold.
   */
  async function waitForSentWriteToWait() {
    if (kind.name === "sqlite") {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return;
    }
    await waitFor(async () => {
      const { rows } = await sql<{ waiting: number | string }>`
        select count(*) as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%mail_outbox%'`.execute(db);
      return Number(rows[0]?.waiting) > 0;
    });
  }

  /**
   * PostgreSQL finishes a statement whose client has died once its lock frees (it notices the
   * closed connection only when it answers), so the "sent" write would land after all. A crash
   * that also takes the connection (the machine going down) loses it: modelled by ending the
   * dead worker's backend. SQLite's write never left the killed process.
   */
  async function dropDeadWorkersStatement() {
    if (kind.name === "sqlite") return;
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where wait_event_type = 'Lock' and query like '%mail_outbox%'`.execute(db);
  }

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
    const { kill, answered } = killAfterAnswer();
    smtp.setOnAccept(kill);
    server = await startServerProcess(env);
    await sendMessage(text);
    answered();
    await waitFor(() => copiesReceived(text) === 1 && !server?.alive());
    smtp.setOnAccept(undefined);
    expect(await findMail(text)).toEqual({ state: "handing-over", attempts: 1 });

    await letLeasesRunOut(db);
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

  it("does not send again a mail whose 'sent' record the crash cut off after the 250 arrived", async () => {
    server?.kill();
    await server?.exited;
    const text = "Killed after the 250, before it was written down.";
    // Once the server has the mail (the worker has committed "handing-over"), the test holds the
    // row's lock, so the worker's "sent" write waits; then the server answers 250.
    let releaseLock = () => {};
    let lockHeld: Promise<void> | undefined;
    smtp.setOnAccept(async () => {
      let locked = () => {};
      const taken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      lockHeld = db.transaction().execute(async (trx) => {
        await trx
          .updateTable("mail_outbox")
          .set({ last_error: null })
          .where("state", "=", "handing-over")
          .execute();
        locked();
        await new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      });
      await taken;
    });
    server = await startServerProcess(env);
    await sendMessage(text);
    await waitFor(() => copiesReceived(text) === 1 && lockHeld !== undefined);
    await waitForSentWriteToWait();
    await killServer();
    await dropDeadWorkersStatement();
    releaseLock();
    await lockHeld;
    smtp.setOnAccept(undefined);
    expect(await findMail(text)).toEqual({ state: "handing-over", attempts: 1 });

    await letLeasesRunOut(db);
    server = await startServerProcess(env);
    await waitFor(async () => (await findMail(text))?.state === "in-doubt");
    const later = "Sent after the second restart.";
    await sendMessage(later);
    await waitFor(async () => (await findMail(later))?.state === "sent");
    expect(copiesReceived(text)).toBe(1);
  });

  it("delivers once, after the restart, a mail whose worker was killed before handing it over", async () => {
    server?.kill();
    await server?.exited;
    const text = "Killed before the mail server had the mail.";
    // The worker is killed while the server has not even taken the recipient.
    const { kill, answered } = killAfterAnswer();
    smtp.setOnRecipient(kill);
    server = await startServerProcess(env);
    await sendMessage(text);
    answered();
    await waitFor(async () => !server?.alive() && (await findMail(text))?.state === "sending");
    smtp.setOnRecipient(undefined);
    expect(copiesReceived(text)).toBe(0);

    await letLeasesRunOut(db);
    server = await startServerProcess(env);
    await waitFor(async () => (await findMail(text))?.state === "sent");
    expect(copiesReceived(text)).toBe(1);
    expect(await findMail(text)).toEqual({ state: "sent", attempts: 2 });
    const card = await readMessageCard(text);
    expect(card).toContain("Emailed");
    expect(card).not.toContain("Email delivery unknown");
  });
});
