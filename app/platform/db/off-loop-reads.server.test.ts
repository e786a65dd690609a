// Reads off the event loop on a real SQLite file: the worker's rows are the database's, its errors
// reach the caller, a cursor hands a statement's rows over a page at a time, and the loop keeps
// turning while a long read runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabaseAsIs } from "./database.server";
import { openReadCursor, readOffLoop } from "./off-loop-reads.server";
import type { Db } from "./tables.server";

describe("reads off the event loop on SQLite", () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "off-loop-"));
    db = openDatabaseAsIs(`file:${join(dir, "site.db")}`);
    await sql`create table numbers (n integer primary key)`.execute(db);
    await sql`with recursive r(n) as (select 1 union all select n + 1 from r where n < 1200)
      insert into numbers select n from r`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers with the rows written, and passes a bad statement's error on", async () => {
    const rows = await readOffLoop(
      db,
      sql<{ total: number; count: number }>`select sum(n) as total, count(*) as count
        from numbers where n > ${1000}`,
    );
    expect(rows).toEqual([{ total: 220_100, count: 200 }]);
    await expect(readOffLoop(db, sql`select * from no_such_table`)).rejects.toThrow(
      /no such table/,
    );
  });

  it("hands a statement's rows over a page at a time, and reads on after a cursor closed early", async () => {
    const query = () => sql<{ n: number }>`select n from numbers order by n desc`;
    const cursor = await openReadCursor(db, query);
    const pages = [await cursor.next(500), await cursor.next(500), await cursor.next(500)];
    expect(pages.map((page) => page.length)).toEqual([500, 500, 200]);
    expect(pages.flat().map((row) => row.n)).toEqual(
      Array.from({ length: 1200 }, (_, index) => 1200 - index),
    );
    expect(await cursor.next(500)).toEqual([]);

    const abandoned = await openReadCursor(db, query);
    expect((await abandoned.next(10)).map((row) => row.n)).toEqual([
      1200, 1199, 1198, 1197, 1196, 1195, 1194, 1193, 1192, 1191,
    ]);
    await abandoned.close();
    expect(
      await readOffLoop(db, sql<{ count: number }>`select count(*) as count from numbers`),
    ).toEqual([{ count: 1200 }]);
  });

  it("keeps the event loop turning while a long read runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    try {
      // A cross join of 1,200 x 1,200 rows summed: hundreds of milliseconds of SQLite's work.
      await readOffLoop(db, sql`select sum(a.n * b.n) as total from numbers a, numbers b`);
    } finally {
      clearInterval(timer);
    }
    // Run on the loop, the statement would let no timer fire until it ended.
    expect(ticks).toBeGreaterThan(1);
  });
});
