// Reads that cannot be small run beside serving: a full export of a database with a 200,000-row
// table, run in the site's own process, while the kept /about page is answered, and it holds every
// row; an admin's export whose read overruns its time is a 503 that says so, and public pages
// answer while it waits. SQLite and PostgreSQL.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInCookie } from "../support/admin-requests";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const seededRows = 200_000;

describe.each(getTestDatabaseKinds())("heavy reads on $name", (kind) => {
  let site: TestSite;
  let database: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "heavy-reads-"));
    database = await kind.create();
    site = await startTestSite(database);
    // The 404 log, grown far past its cap (as it was before it was trimmed at every write).
    await (kind.name === "sqlite"
      ? sql`insert into missing_addresses (path, day, hits)
          with recursive n(x) as (select 1 union all select x + 1 from n where x < ${seededRows})
          select '/gone/' || x, '2026-11-01', x from n`
      : sql`insert into missing_addresses (path, day, hits)
          select '/gone/' || x, '2026-11-01', x from generate_series(1, ${seededRows}) as x`
    ).execute(site.services.db);
  });
  afterAll(async () => {
    await site?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const visit = (path: string) => fetch(`${site.url}${path}`);

  it("exports every table in the site's own process while the kept page is answered", async () => {
    expect((await visit("/about")).status).toBe(200);
    expect((await visit("/about")).status).toBe(200);
    expect(site.pageCache?.holds("/about")).toBe(true);

    const file = join(folder, "data.json");
    const printed: string[] = [];
    let exporting = true;
    const exported = site.site
      .runDataCommand(
        ["export", file],
        { DATABASE_URL: database.url, LOG_LEVEL: "silent" },
        (line) => printed.push(line),
      )
      .finally(() => {
        exporting = false;
      });
    let answeredMeanwhile = 0;
    while (exporting) {
      const about = await visit("/about");
      await about.arrayBuffer();
      if (exporting && about.status === 200) answeredMeanwhile++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await exported).toBe(0);
    // Read on the site's own connection in one statement a table, the export held the loop for
    // all of its seconds: only the command's start (opening the database) let a request in.
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(5);

    const data = JSON.parse(readFileSync(file, "utf8")) as {
      tables: Array<{ name: string; rows: Array<{ path: string; hits: number }> }>;
    };
    const log = data.tables.find((table) => table.name === "missing_addresses");
    expect(log?.rows).toHaveLength(seededRows);
    expect(new Set(log?.rows.map((row) => row.path)).size).toBe(seededRows);
    expect(log?.rows.find((row) => row.path === "/gone/123456")?.hits).toBe(123456);
    const total = data.tables.reduce((sum, table) => sum + table.rows.length, 0);
    expect(printed).toEqual([`Exported ${total} rows of ${data.tables.length} tables to ${file}`]);
  });
});

// A read held past its time by another session's lock: PostgreSQL's statement timeout.
describe.each(getTestDatabaseKinds().filter((kind) => kind.name === "postgres"))(
  "a runaway admin read on $name",
  (kind) => {
    let site: TestSite;
    let database: TestDatabase;
    beforeAll(async () => {
      database = await kind.create();
      site = await startTestSite(database, { REPORTS_TIMEOUT_SECONDS: "1" });
    });
    afterAll(async () => {
      await site?.close();
    });

    it("answers an export whose read overruns its time with a 503 that says so, and pages meanwhile", async () => {
      const cookie = await logInCookie(site);
      // Another session holds the subscribers' table: the export's read waits past its timeout.
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("lock table newsletter_subscriptions in access exclusive mode");
        let exportEnded = false;
        const exportAnswer = fetch(`${site.url}/admin/leads/subscribers.csv`, {
          headers: { cookie },
        }).finally(() => {
          exportEnded = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        const page = await fetch(`${site.url}/services?fresh=${Date.now()}`);
        expect(page.status).toBe(200);
        expect(exportEnded).toBe(false);
        const answer = await exportAnswer;
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
        expect(await answer.text()).toMatch(/took longer than the database allows and was stopped/);
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
      const again = await fetch(`${site.url}/admin/leads/subscribers.csv`, { headers: { cookie } });
      expect(again.status).toBe(200);
    });
  },
);
