// WEB_CONCURRENCY: the production entry as a primary with two workers on one port, on SQLite and
// PostgreSQL. Both workers answer; a save is on the very next page whichever worker answers; a
// killed worker is replaced while the site keeps answering; SIGTERM stops every process in time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import {
  logIn,
  requestOnNewConnection,
  type SiteProcess,
  saveAbout,
  startSiteProcess,
} from "../support/site-process";
import { testAdmin } from "../support/test-site";

const siteUrl = "http://www.clearline.test";

type LogLine = { msg?: string; worker?: number; pid?: number; url?: string };

function readLog(site: SiteProcess): LogLine[] {
  return site
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

function listeningWorkers(site: SiteProcess): LogLine[] {
  return readLog(site).filter((line) => line.msg?.startsWith("Site listening"));
}

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.each(getTestDatabaseKinds())("two worker processes on $name", (kind) => {
  let database: TestDatabase;
  let site: SiteProcess;

  beforeAll(async () => {
    database = await kind.create();
    site = await startSiteProcess({
      DATABASE_URL: database.url,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      SITE_URL: siteUrl,
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "info",
    });
    await waitFor(() => listeningWorkers(site).length === 2, 20_000, "two workers listening");
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await database?.drop();
  });

  it("both workers answer, and a save is on the very next page whichever one answers", async () => {
    for (let round = 0; round < 20; round++) {
      expect((await requestOnNewConnection(`${site.url}/about`)).status).toBe(200);
    }
    const answeredBy = new Set(
      readLog(site)
        .filter((line) => line.msg === "request" && line.url === "/about")
        .map((line) => line.worker),
    );
    expect([...answeredBy].sort()).toEqual([1, 2]);

    const title = `About us, saved at ${Date.now()}`;
    await saveAbout(site, await logIn(site, siteUrl), title, siteUrl);
    for (let round = 0; round < 20; round++) {
      const page = await requestOnNewConnection(`${site.url}/about`);
      expect(page.body).toContain(title);
    }
  });

  it("a worker killed with SIGKILL is replaced, and the site keeps answering", async () => {
    const [victim] = listeningWorkers(site);
    if (!victim?.pid) throw new Error("no worker pid in the log");
    process.kill(victim.pid, "SIGKILL");
    await waitFor(() => !isRunning(victim.pid ?? 0), 5_000, "the killed worker to be gone");
    // Every request after the kill is answered, by the worker left or by the new one.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      expect((await requestOnNewConnection(`${site.url}/`)).status).toBe(200);
    }
    await waitFor(() => listeningWorkers(site).length === 3, 15_000, "a replacement worker");
    expect(site.output()).toContain("A server worker stopped unexpectedly: starting another");
  }, 30_000);

  it("SIGTERM stops every worker and then the primary, within 8 s, with exit code 0", async () => {
    const workers = listeningWorkers(site)
      .map((line) => line.pid ?? 0)
      .filter(isRunning);
    expect(workers).toHaveLength(2);
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => site.child.once("exit", resolve));
    site.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(workers.filter(isRunning)).toEqual([]);
  }, 20_000);
});
