// A scheduled newsletter with two real server processes on one database, one of them SIGKILLed and
// restarted in the minute before its time: it leaves within 60 s of its time, once, and every
// confirmed subscriber gets exactly one copy from the real SMTP server's point of view. The
// databases' runs go side by side (each has its own servers, database and SMTP server).
import { afterAll, beforeAll, describe, it } from "vitest";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { toZonedInput } from "~/platform/format-time";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import {
  addConfirmedSubscribers,
  createDraft,
  getNewsletterServerEnv,
  getRecipient,
  postForm,
  readMail,
  signIn,
  waitFor,
} from "../support/newsletter";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const admin = { email: "owner@clearline.example", password: "newsletter-schedule-password" };
const subject = "On the dot";
/** How far ahead the test moves the time: the field takes whole minutes, the suite waits less. */
const leadMs = 10_000;

describe.concurrent.each(getTestDatabaseKinds())(
  "a scheduled issue across two processes on $name",
  (kind) => {
    let database: TestDatabase;
    let db: Db;
    let smtp: TestSmtpServer;
    const servers: ServerProcess[] = [];
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await kind.create();
      smtp = await startTestSmtpServer();
      env = getNewsletterServerEnv(database.url, smtp.url, admin);
      // The first process prepares the database; the second joins it.
      servers.push(await startServerProcess(env));
      servers.push(await startServerProcess(env));
      db = await openDatabase(database.url);
    });

    afterAll(async () => {
      for (const server of servers) server.kill();
      await Promise.all(servers.map((server) => server.exited));
      await db?.destroy();
      await smtp?.close();
      await database?.drop();
    });

    it("leaves within 60 s of its time, one copy each, across a SIGKILL", async ({ expect }) => {
      const [first, second] = servers;
      if (!first || !second) throw new Error("The servers did not start");
      const readers = await addConfirmedSubscribers(db, 30, "dot");
      const cookie = await signIn(second.url, admin);
      const id = await createDraft(second.url, cookie);
      // A day ahead: whatever the server's zone, it is in the future.
      const tomorrow = new Date(Math.ceil((Date.now() + 24 * 60 * 60_000) / 60_000) * 60_000);
      const scheduled = await postForm(second.url, `/admin/newsletter/${id}`, cookie, {
        intent: "schedule",
        subject,
        bodyHtml: "<p>Sent once, on time.</p>",
        sendAt: toZonedInput(tomorrow.toISOString(), "UTC"),
      });
      expect(scheduled.status).toBe(200);
      // As if the day had nearly passed: the time is moved to a few seconds from now.
      const dueAt = Date.now() + leadMs;
      await db
        .updateTable("newsletters")
        .set({ scheduled_at: new Date(dueAt).toISOString() })
        .where("id", "=", id)
        .execute();

      // In the minute before its time, one process dies without a word and comes back.
      first.kill();
      await first.exited;
      servers[0] = await startServerProcess(env);

      const copies = () =>
        smtp.received.map(readMail).filter((mail) => mail.includes(`\nSubject: ${subject}`));
      await waitFor(() => copies().length >= readers.length, dueAt + 60_000 - Date.now());
      const doneAt = Date.now();
      // A moment more, for any second copy that would follow.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const counts = new Map<string, number>();
      for (const mail of copies()) {
        const to = getRecipient(mail);
        counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      expect([...counts.keys()].sort()).toEqual([...readers].sort());
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      expect(doneAt - dueAt).toBeLessThan(60_000);

      const row = await db
        .selectFrom("newsletters")
        .select(["status", "sent_at", "scheduled_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("sending");
      // Claimed at or after its time, never before, and well within the minute.
      const lateMs = Date.parse(row.sent_at ?? "") - dueAt;
      expect(lateMs).toBeGreaterThanOrEqual(0);
      expect(lateMs).toBeLessThan(60_000);
      const entries = await db
        .selectFrom("admin_activity")
        .select("action")
        .where("target", "=", `newsletter ${id}`)
        .where("action", "=", "newsletter-send-on-schedule")
        .execute();
      expect(entries).toHaveLength(1);
    }, 90_000);
  },
);
