import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type DataVersions,
  getDataVersion,
  markDataChanged,
  markRulesChanged,
} from "./data-version.server";
import { openDatabase } from "./db/database.server";
import type { Db } from "./db/tables.server";

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A cache hit's read: synchronous on SQLite outside a transaction. */
function readSite(db: Db): number {
  const read = getDataVersion(db, { sameBatch: true });
  if (read instanceof Promise) throw new Error("expected a synchronous read");
  return read.site;
}

describe("the data version on SQLite, read by one process and written by another", () => {
  let dir: string;
  let reader: Db;
  let writer: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "data-version-"));
    const url = `file:${join(dir, "site.db")}`;
    reader = await openDatabase(url);
    // A second connection stands for another server process on the same file.
    writer = await openDatabase(url);
  });

  afterAll(async () => {
    await reader?.destroy();
    await writer?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sees the other connection's commit on the next read", async () => {
    const before = await getDataVersion(reader);
    await writer.transaction().execute((trx) => markDataChanged(trx, "content"));
    expect(await getDataVersion(reader)).toEqual({ site: before.site + 1, pages: before.site + 1 });
  });

  it("never reports a bump its own process has not committed, so a rolled-back save changes nothing", async () => {
    const before = await getDataVersion(reader);
    let during: DataVersions | Promise<DataVersions> = { site: -1, pages: -1 };
    await expect(
      reader.transaction().execute(async (trx) => {
        await markDataChanged(trx, "content");
        // Asked on the connection the transaction holds: answered once the transaction is over.
        during = getDataVersion(reader, { sameBatch: true });
        throw new Error("the save failed");
      }),
    ).rejects.toThrow("the save failed");
    expect(await during).toEqual(before);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets the cache hits of one event-loop turn share a read, and reads again on the next turn", async () => {
    // The clock stands still, so a slow disk cannot end the shared read early (its 1 ms bound).
    vi.useFakeTimers({ toFake: ["performance"] });
    const shared = readSite(reader);
    await writer.transaction().execute((trx) => markDataChanged(trx, "content"));
    // Still this turn's read for a cache hit; an exact read sees the commit already.
    expect(readSite(reader)).toBe(shared);
    expect((await getDataVersion(reader)).site).toBe(shared + 1);
    await nextTurn();
    expect(readSite(reader)).toBe(shared + 1);
  });

  it("never shares a read for more than a millisecond, whatever the event loop does", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const shared = readSite(reader);
    await writer.transaction().execute((trx) => markDataChanged(trx, "content"));
    vi.advanceTimersByTime(2);
    expect(readSite(reader)).toBe(shared + 1);
  });
});

describe("rule changes on SQLite: the site version moves, kept pages stay current", () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "data-version-rules-"));
    db = await openDatabase(`file:${join(dir, "site.db")}`);
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const change = (mark: (trx: Db) => Promise<void>) => db.transaction().execute(mark);

  it("keeps the pages version through a run of rule changes, and moves it with the next other change", async () => {
    await change((trx) => markDataChanged(trx, "content"));
    const start = await getDataVersion(db);
    expect(start.pages).toBe(start.site);
    await change(markRulesChanged);
    await change(markRulesChanged);
    await change(markRulesChanged);
    expect(await getDataVersion(db)).toEqual({ site: start.site + 3, pages: start.site });
    await change((trx) => markDataChanged(trx, "articles"));
    expect(await getDataVersion(db)).toEqual({ site: start.site + 4, pages: start.site + 4 });
    // A new run starts from the content change, not from the old run.
    await change(markRulesChanged);
    expect(await getDataVersion(db)).toEqual({ site: start.site + 5, pages: start.site + 4 });
  });

  it("ends the run when code that knows nothing of it bumps the version (a rollback or an old instance)", async () => {
    await change(markRulesChanged);
    const during = await getDataVersion(db);
    expect(during.pages).toBeLessThan(during.site);
    // What the code before the run's columns wrote for any change, rules included.
    await db
      .updateTable("data_versions")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .where("name", "=", "site")
      .execute();
    expect(await getDataVersion(db)).toEqual({ site: during.site + 1, pages: during.site + 1 });
  });

  it("leaves both versions as they were when the rule change is rolled back", async () => {
    const before = await getDataVersion(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await markRulesChanged(trx);
        throw new Error("the import failed");
      }),
    ).rejects.toThrow("the import failed");
    expect(await getDataVersion(db)).toEqual(before);
  });
});
