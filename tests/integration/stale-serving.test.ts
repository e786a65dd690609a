// Stale rather than down (issue 15): with PostgreSQL stopped or frozen, the public pages the server
// keeps are served from its page cache within a second, marked stale; a page it does not keep,
// the admin and the API answer 503 with Retry-After within a second (the circuit breaker: one
// timeout, not one per request); when the database returns, pages are fresh again by themselves.
// On SQLite the version is an in-process read that WAL never blocks (an outside write lock leaves
// pages fresh: database-faults.test.ts); when that read fails all the same, kept pages are served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TempPostgres } from "../../scripts/postgres";
import { getTestDatabaseKinds } from "../support/databases";
import {
  hasPostgresPrograms,
  type PostgresSite,
  startPostgresSite,
  stopPostgresSite,
} from "../support/postgres-site";
import { findStackTraces, postJson, type ServerProcess } from "../support/server-process";
import { startTestSite } from "../support/test-site";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const admin = { email: "owner@example.com", password: "correct horse battery staple" };
const keptPages = ["/", "/services", "/blog", "/about"];

async function timed(path: string, server: ServerProcess, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    headers: response.headers,
    body,
  };
}

describe.each(hasPostgresPrograms ? ["PostgreSQL"] : [])(
  "%s stopped or frozen: stale serving",
  () => {
    let site: PostgresSite | undefined;
    let postgres: TempPostgres | undefined;
    let server: ServerProcess;
    let cookie = "";

    beforeAll(async () => {
      site = await startPostgresSite(admin);
      ({ postgres, server, cookie } = site);
    }, 120_000);

    afterAll(() => stopPostgresSite(site));

    async function warmCache() {
      for (const path of keptPages) {
        const page = await timed(path, server);
        expect(page.status, path).toBe(200);
        expect(page.headers.get("cache-status"), path).toBeNull();
      }
    }

    async function expectStaleServing(label: string) {
      const cached = [];
      for (const path of keptPages) cached.push({ path, ...(await timed(path, server)) });
      const uncachedPage = await timed(`/blog?q=never-kept-${label}`, server);
      const adminScreen = await timed("/admin/leads", server, { headers: { cookie } });
      const sessionApi = await timed("/api/admin/session", server, { headers: { cookie } });
      const signUp = await timed("/api/newsletter", server, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: `stale-${label}@example.com` }),
      });
      console.log(
        `${label}: ${cached.map((page) => `${page.path} ${page.status}/${page.ms.toFixed(0)} ms`).join(", ")}; uncached ${uncachedPage.status}/${uncachedPage.ms.toFixed(0)} ms; admin ${adminScreen.status}/${adminScreen.ms.toFixed(0)} ms; session API ${sessionApi.status}/${sessionApi.ms.toFixed(0)} ms; sign-up ${signUp.status}/${signUp.ms.toFixed(0)} ms`,
      );
      for (const page of cached) {
        expect(page.status, page.path).toBe(200);
        expect(page.ms, page.path).toBeLessThan(1_000);
        expect(page.headers.get("cache-status"), page.path).toMatch(/stale-if-error/);
      }
      // The home page is its real self, not the "Error Loading Content" screen.
      expect(cached[0]?.body).toContain("Explore Our Services");
      expect(cached[0]?.body).not.toContain("Error Loading Content");
      // A page not kept either renders from the content read last, or says to come back.
      expect([200, 503]).toContain(uncachedPage.status);
      expect(uncachedPage.ms).toBeLessThan(1_000);
      for (const answer of [adminScreen, sessionApi, signUp]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(1_000);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(JSON.parse(signUp.body)).toEqual({ message: expect.stringMatching(/try again/i) });
    }

    async function expectFreshAgain() {
      const back = performance.now();
      let healthy = false;
      while (!healthy && performance.now() - back < 20_000) {
        healthy = (await fetch(`${server.url}/healthz`)).status === 200;
        if (!healthy) await sleep(100);
      }
      expect(healthy).toBe(true);
      // A save lands and the page shows it at once: the stale copies are gone.
      const current = (await (await fetch(`${server.url}/api/content`)).json()) as {
        general: Record<string, unknown>;
      };
      const tagline = `Back after the outage ${Date.now()}`;
      const save = await postJson(
        server.url,
        "/api/content",
        { content: { general: { ...current.general, tagline } } },
        { cookie },
      );
      expect(save.status).toBe(200);
      const home = await timed("/", server);
      expect(home.status).toBe(200);
      expect(home.headers.get("cache-status")).toBeNull();
      expect(home.body).toContain(tagline);
    }

    it("serves kept pages with PostgreSQL stopped, and 503 within 1 s for everything else", async () => {
      if (!postgres) throw new Error("no PostgreSQL");
      await warmCache();
      postgres.halt("fast");
      try {
        await sleep(300);
        await expectStaleServing("stopped");
        // Still so a few seconds later: the circuit probes, but nobody waits for it.
        await sleep(2_500);
        await expectStaleServing("stopped-later");
      } finally {
        postgres.restart();
      }
      await expectFreshAgain();
      expect(server.alive()).toBe(true);
      expect(findStackTraces(server.output())).toEqual([]);
    }, 60_000);

    it("serves kept pages with PostgreSQL frozen, and 503 within 1 s for everything else", async () => {
      if (!postgres) throw new Error("no PostgreSQL");
      await warmCache();
      postgres?.freeze("SIGSTOP");
      try {
        await sleep(300);
        await expectStaleServing("frozen");
        await sleep(2_500);
        await expectStaleServing("frozen-later");
      } finally {
        postgres?.freeze("SIGCONT");
      }
      await expectFreshAgain();
      expect(server.alive()).toBe(true);
      expect(findStackTraces(server.output())).toEqual([]);
    }, 60_000);
  },
);

describe("SQLite unreadable: stale serving", () => {
  it("serves the kept pages, marked stale, when the version read fails", async () => {
    const [sqlite] = getTestDatabaseKinds();
    if (!sqlite) throw new Error("no SQLite test database");
    const site = await startTestSite(await sqlite.create());
    try {
      for (const path of keptPages) expect((await fetch(`${site.url}${path}`)).status).toBe(200);
      // The connection is gone: every read of this process now fails.
      await site.services.db.destroy();
      for (const path of keptPages) {
        const started = performance.now();
        const page = await fetch(`${site.url}${path}`);
        expect(page.status, path).toBe(200);
        expect(page.headers.get("cache-status"), path).toMatch(/stale-if-error/);
        expect(await page.text(), path).toContain("Clearline IT Consulting");
        expect(performance.now() - started, path).toBeLessThan(1_000);
      }
    } finally {
      await site.close().catch(() => {});
    }
  });
});
