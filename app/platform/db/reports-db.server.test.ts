// The heavy-read handle against real databases: on SQLite its reads run on a worker thread (the
// event loop turns meanwhile), see what the site's connection committed and refuse writes; an
// overrunning read ends with a clear 503-class error, on both engines; on PostgreSQL, reads that
// hold every reports connection leave the site's pool free.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestDatabaseKinds } from "../../../tests/support/databases";
import { openDatabase } from "./database.server";
import { getReportsDb } from "./reports-db.server";
import type { Db } from "./tables.server";
import { isDatabaseUnavailable } from "./unavailable.server";

/** Counts turns of the event loop until stop() is called. */
function countTurns() {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  return () => {
    running = false;
    return turns;
  };
}

// About a second of SQLite's time on this machine, whatever the tables hold.
const slowCount = sql<{ n: number }>`
  with recursive n(x) as (select 1 union all select x + 1 from n where x < 3000000)
  select count(*) as n from n`;

describe("the reports handle on SQLite", () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "reports-db-"));
    db = await openDatabase(`file:${join(dir, "site.db")}`, undefined, { reportsTimeoutMs: 4_000 });
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads what the site committed, on a thread of its own: the loop turns during a long read", async () => {
    const reports = getReportsDb(db);
    expect(reports).not.toBe(db);
    await db
      .insertInto("redirect_rules")
      .values(
        Array.from({ length: 2_500 }, (_, n) => ({
          source: `/old/${n}`,
          match: "exact",
          target: "/about",
          status: 301,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })),
      )
      .execute();
    // More rows than one slice: all of them come back, in order.
    const rules = await reports
      .selectFrom("redirect_rules")
      .select("source")
      .orderBy("id")
      .execute();
    expect(rules).toHaveLength(2_500);
    expect(rules.at(-1)?.source).toBe("/old/2499");

    const stopOnWorker = countTurns();
    const [{ n }] = (await slowCount.execute(reports)).rows as [{ n: number }];
    const turnsOnWorker = stopOnWorker();
    expect(n).toBe(3_000_000);
    // The same read on the site's own connection holds the loop throughout.
    const stopOnMain = countTurns();
    await slowCount.execute(db);
    const turnsOnMain = stopOnMain();
    expect(turnsOnMain).toBeLessThanOrEqual(1);
    expect(turnsOnWorker).toBeGreaterThan(10);
  });

  it("refuses writes: it is for reading", async () => {
    const reports = getReportsDb(db);
    const write = sql`delete from redirect_rules`.execute(reports);
    await expect(write).rejects.toThrow(/readonly|read-only/i);
    expect(await db.selectFrom("redirect_rules").select("id").execute()).not.toHaveLength(0);
  });

  it("sees only committed rows while the site's connection holds a write open", async () => {
    const reports = getReportsDb(db);
    let seenInside = -1;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("redirect_rules").where("source", "=", "/old/7").execute();
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from redirect_rules where source = '/old/7'`.execute(reports);
      seenInside = Number(rows[0]?.n);
    });
    expect(seenInside).toBe(1);
  });

  it("stops a read that overruns its time with an unavailable-class error, then reads again", async () => {
    const reports = getReportsDb(db);
    const endless = sql`
      with recursive n(x) as (select 1 union all select x + 1 from n)
      select count(*) from n`.execute(reports);
    const error = await endless.catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(String((error as Error).message)).toMatch(/took longer than 4 s and was stopped/);
    const again = await reports.selectFrom("redirect_rules").select("id").limit(1).execute();
    expect(again).toHaveLength(1);
  });
});

describe.each(getTestDatabaseKinds().filter((kind) => kind.name === "postgres"))(
  "the reports handle on $name",
  (postgres) => {
    let drop: () => Promise<void>;
    let db: Db;
    beforeAll(async () => {
      const database = await postgres.create();
      drop = database.drop;
      db = await openDatabase(database.url, undefined, { reportsTimeoutMs: 1_000, poolSize: 3 });
    });
    afterAll(async () => {
      await db.destroy();
      await drop();
    });

    it("ends a read past its statement timeout with an unavailable-class error", async () => {
      const error = await sql`select pg_sleep(3)`
        .execute(getReportsDb(db))
        .catch((caught: unknown) => caught);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(String((error as Error).message)).toMatch(/statement timeout/);
    });

    it("leaves the site's pool free while reads hold every reports connection", async () => {
      const reports = getReportsDb(db);
      let sleepsEnded = false;
      const sleeps = Promise.allSettled(
        [1, 2].map(() => sql`select pg_sleep(0.8)`.execute(reports)),
      ).then(() => {
        sleepsEnded = true;
      });
      // Three site reads at once (the whole main pool): each answered before the reports end.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const site = await Promise.all(
        [1, 2, 3].map(() => sql<{ one: number }>`select 1 as one`.execute(db)),
      );
      expect(site.map((result) => result.rows[0]?.one)).toEqual([1, 1, 1]);
      expect(sleepsEnded).toBe(false);
      await sleeps;
    });
  },
);
