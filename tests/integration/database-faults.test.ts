// The server process while its database misbehaves: SQLite write-locked by another process, and
// (when PostgreSQL's programs are installed) PostgreSQL stopped fast, stopped immediately and
// frozen during a burst of contact messages. Every request gets an answer within its timeout, the
// process survives and serves again on its own, and no acknowledged message is lost.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TempPostgres } from "../../scripts/postgres";
import {
  hasPostgresPrograms,
  type PostgresSite,
  startPostgresSite,
  stopPostgresSite,
} from "../support/postgres-site";
import { article } from "../support/publications";
import {
  findStackTraces,
  postJson,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, response, body };
}

let ipCounter = 0;
/** A fresh visitor address per message, so the per-address contact limit never answers 429. */
function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function contactMessage(text: string) {
  return { name: "Fault Tester", email: "fault@example.com", message: `Fault test ${text}` };
}

/** Holds SQLite's write lock from another process (BEGIN IMMEDIATE) for holdMs. */
function holdSqliteLock(path: string, holdMs: number): Promise<ChildProcess> {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(process.argv[1]);
    db.exec("pragma busy_timeout = 5000");
    db.exec("begin immediate");
    db.exec("insert into health_checks (name, checked_at) values ('outside', 'now') on conflict (name) do update set checked_at = 'now'");
    console.log("locked");
    setTimeout(() => { db.exec("commit"); db.close(); }, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ["-e", script, path, String(holdMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve) => child.stdout?.once("data", () => resolve(child)));
}

describe("SQLite locked by another process", () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-lock-"));
    server = await startServerProcess({
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    // A site that has served before the lock (its first page stores the form-signing secret).
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  afterAll(() => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps /healthz and pages fast and says which part failed, for as long as the lock lasts", async () => {
    // Locked for 8 s: a server that waited for the lock would take seconds, not milliseconds.
    const lock = await holdSqliteLock(join(dir, "site.db"), 8_000);
    const lockReleased = new Promise((resolve) => lock.once("exit", resolve));
    // A message that cannot be stored within the 1 s lock cap is refused with a clear 503, not left hanging.
    const message = timed(() =>
      postJson(server.url, "/api/contact", contactMessage("locked out"), {
        "x-forwarded-for": nextIp(),
      }),
    );
    const health = await timed(() => fetch(`${server.url}/healthz`));
    const page = await timed(() => fetch(`${server.url}/`));
    const about = await timed(() => fetch(`${server.url}/about`));
    console.log(
      `SQLite write-locked by another process: /healthz ${health.status} in ${health.ms.toFixed(0)} ms, / ${page.status} in ${page.ms.toFixed(0)} ms, /about ${about.ms.toFixed(0)} ms`,
    );
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(3_000);
    const report = JSON.parse(health.body) as { checks: Record<string, string> };
    expect(report.checks.databaseRead).toBe("ok");
    expect(report.checks.databaseWrite).toMatch(/^failed/);
    expect(page.status).toBe(200);
    expect(page.ms).toBeLessThan(2_000);
    expect(about.status).toBe(200);
    expect(about.ms).toBeLessThan(2_000);

    const refused = await message;
    expect(refused.status).toBe(503);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.ms).toBeLessThan(2_000);
    await lockReleased;
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.alive()).toBe(true);
    expect(findStackTraces(server.output())).toEqual([]);
  });

  it("refuses an article save during the lock with a JSON 503, and the article is as it was", async () => {
    const login = await postJson(server.url, "/api/admin/login", admin);
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const draft = article({
      slug: "saved-during-a-lock",
      status: "draft",
      title: "Saved During a Lock",
      body: "<p>First version.</p>",
    });
    const created = await postJson(server.url, "/api/admin/articles", draft, { cookie });
    expect(created.status).toBe(201);
    const version = created.headers.get("etag") ?? "";

    const lock = await holdSqliteLock(join(dir, "site.db"), 8_000);
    const lockReleased = new Promise((resolve) => lock.once("exit", resolve));
    // The session check only reads (it passes); the save's own write is what meets the lock.
    const refused = await timed(() =>
      fetch(`${server.url}/api/admin/articles/${draft.slug}`, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          origin: server.url,
          cookie,
          "if-match": version,
        },
        body: JSON.stringify({ ...draft, body: "<p>Second version.</p>" }),
      }),
    );
    expect(refused.status).toBe(503);
    expect(refused.response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({ message: expect.stringMatching(/try again/i) });
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.ms).toBeLessThan(2_000);
    await lockReleased;

    const stored = await fetch(`${server.url}/api/admin/articles/${draft.slug}`, {
      headers: { cookie },
    });
    const { item } = (await stored.json()) as { item: { record: { body: string } } };
    expect(item.record.body).toBe("<p>First version.</p>");
    expect(findStackTraces(server.output())).toEqual([]);
  });

  it("refuses saves queued behind a lock each within the per-request cap, and stores the retry once", async () => {
    const lock = await holdSqliteLock(join(dir, "site.db"), 3_000);
    const lockReleased = new Promise((resolve) => lock.once("exit", resolve));
    // Three visitors at once: each waits at most the cap, not its turn behind the others' waits.
    const messages = [1, 2, 3].map((n) => ({
      ...contactMessage(`queued ${n}`),
      idempotencyKey: `queued-during-lock-${n}-${Date.now()}`,
    }));
    const ip = nextIp();
    const refused = await Promise.all(
      messages.map((message) =>
        timed(() => postJson(server.url, "/api/contact", message, { "x-forwarded-for": ip })),
      ),
    );
    console.log(
      `Queued behind a lock: ${refused.map((r) => `${r.status} in ${r.ms.toFixed(0)} ms`).join(", ")}`,
    );
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(Number(answer.response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(2_000);
    }
    await lockReleased;
    // The visitor's retry (the same form, the same key) is stored, once.
    for (const attempt of [1, 2]) {
      const retry = await postJson(server.url, "/api/contact", messages[0], {
        "x-forwarded-for": ip,
      });
      expect(retry.status, `attempt ${attempt}`).toBe(201);
    }
    const db = new DatabaseSync(join(dir, "site.db"));
    const stored = db
      .prepare("select count(*) as count from contact_messages where message = ?")
      .get("Fault test queued 1") as { count: number };
    db.close();
    expect(stored.count).toBe(1);
    expect(findStackTraces(server.output())).toEqual([]);
  });
});

const admin = { email: "owner@example.com", password: "correct horse battery staple" };

const postgresSuites = hasPostgresPrograms ? ["PostgreSQL"] : [];
const postgresFaults = ["fast", "immediate", "freeze"] as const;

describe.each(postgresSuites)("%s stopped or frozen during a burst of writes", () => {
  let site: PostgresSite | undefined;
  let postgres: TempPostgres | undefined;
  let server: ServerProcess | undefined;
  let cookie = "";
  const acknowledged: string[] = [];

  beforeAll(async () => {
    site = await startPostgresSite(admin);
    ({ postgres, server, cookie } = site);
  }, 120_000);

  afterAll(() => stopPostgresSite(site));

  it.each(postgresFaults)(
    "%s: every request is answered, the server comes back, no acknowledged message is lost",
    async (fault) => {
      if (!postgres || !server) throw new Error("no PostgreSQL");
      const site = server;
      const answers: Array<{ status: number; ms: number } | { error: string }> = [];
      let sending = true;
      let sequence = 0;
      const writer = async () => {
        while (sending) {
          const text = `${fault}-${++sequence}`;
          const started = performance.now();
          try {
            const response = await postJson(
              site.url,
              "/api/contact",
              contactMessage(text),
              { "x-forwarded-for": nextIp() },
              15_000,
            );
            await response.arrayBuffer();
            answers.push({ status: response.status, ms: performance.now() - started });
            if (response.status === 201) acknowledged.push(`Fault test ${text}`);
          } catch (error) {
            answers.push({ error: String(error) });
          }
        }
      };
      const reader = async () => {
        while (sending) {
          const started = performance.now();
          try {
            const response = await fetch(`${site.url}/`, { signal: AbortSignal.timeout(15_000) });
            await response.arrayBuffer();
            answers.push({ status: response.status, ms: performance.now() - started });
          } catch (error) {
            answers.push({ error: String(error) });
          }
          await sleep(100);
        }
      };
      const load = Promise.all([writer(), writer(), writer(), writer(), reader()]);
      await sleep(1_000);
      if (fault === "freeze") postgres?.freeze("SIGSTOP");
      else postgres.halt(fault);
      await sleep(4_000);
      const whileDown = await timed(() =>
        fetch(`${site.url}/healthz`, { signal: AbortSignal.timeout(10_000) }),
      );
      // The admin's screens and saves get the same clear 503 as everyone (no "Unexpected Server
      // Error" page): HTML with Retry-After for the page, JSON for the API.
      if (fault === "fast") {
        const leads = await fetch(`${site.url}/admin/leads`, {
          headers: { cookie },
          signal: AbortSignal.timeout(10_000),
        });
        expect(leads.status).toBe(503);
        expect(leads.headers.get("retry-after")).toBeTruthy();
        expect(leads.headers.get("content-type")).toMatch(/^text\/html/);
        const save = await postJson(
          site.url,
          "/api/content",
          { content: { general: { companyName: "Saved while down" } } },
          { cookie },
          10_000,
        );
        expect(save.status).toBe(503);
        expect(save.headers.get("retry-after")).toBe("5");
        expect(await save.json()).toEqual({ message: expect.stringMatching(/database/) });
      }
      // Frozen longer than a query may take, so the timeouts (not the thaw) answer the requests.
      if (fault === "freeze") await sleep(4_000);
      if (fault === "freeze") postgres?.freeze("SIGCONT");
      else postgres.restart();
      const back = performance.now();
      let healthy = false;
      while (!healthy && performance.now() - back < 20_000) {
        healthy = (await fetch(`${site.url}/healthz`)).status === 200;
        if (!healthy) await sleep(200);
      }
      const backMs = performance.now() - back;
      await sleep(500);
      sending = false;
      await load;

      const failures = answers.filter((answer) => "error" in answer);
      const statuses = answers.map((answer) => ("status" in answer ? answer.status : 0));
      const slowest = Math.max(...answers.map((answer) => ("ms" in answer ? answer.ms : 0)));
      console.log(
        `PostgreSQL ${fault}: ${answers.length} requests, ${statuses.filter((s) => s === 201).length} stored, ${statuses.filter((s) => s === 503).length} answered 503, slowest ${slowest.toFixed(0)} ms; /healthz while down ${whileDown.status} in ${whileDown.ms.toFixed(0)} ms; 200 again ${backMs.toFixed(0)} ms after the database returned`,
      );
      expect(failures).toEqual([]);
      expect(statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      expect(statuses).toContain(503);
      expect(slowest).toBeLessThan(2_500);
      expect(whileDown.status).toBe(503);
      expect(whileDown.ms).toBeLessThan(5_000);
      expect(healthy).toBe(true);
      expect(site.alive()).toBe(true);
      expect(site.output()).not.toMatch(/Unhandled|Uncaught/);

      // Serving again: a new message is stored and every acknowledged one is there.
      const after = await postJson(site.url, "/api/contact", contactMessage(`${fault}-after`), {
        "x-forwarded-for": nextIp(),
      });
      expect(after.status).toBe(201);
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      const stored = await client.query<{ message: string }>(
        "select message from contact_messages",
      );
      await client.end();
      const kept = new Set(stored.rows.map((row) => row.message));
      expect(acknowledged.filter((text) => !kept.has(text))).toEqual([]);
    },
    60_000,
  );
});
