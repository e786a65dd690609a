import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDataVersion, markDataChanged } from "./data-version.server";
import { openDatabase } from "./db/database.server";
import type { Db } from "./db/tables.server";

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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
    expect(await getDataVersion(reader)).toBe(before + 1);
  });

  it("never reports a bump its own process has not committed, so a rolled-back save changes nothing", async () => {
    const before = await getDataVersion(reader);
    let during: number | Promise<number> = -1;
    await expect(
      reader.transaction().execute(async (trx) => {
        await markDataChanged(trx, "content");
        // Asked on the connection the transaction holds: answered once the transaction is over.
        during = getDataVersion(reader, { sameBatch: true });
        throw new Error("the save failed");
      }),
    ).rejects.toThrow("the save failed");
    expect(await during).toBe(before);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets the cache hits of one event-loop turn share a read, and reads again on the next turn", async () => {
    // The clock stands still, so a slow disk cannot end the shared read early (its 1 ms bound).
    vi.useFakeTimers({ toFake: ["performance"] });
    const shared = Number(getDataVersion(reader, { sameBatch: true }));
    await writer.transaction().execute((trx) => markDataChanged(trx, "content"));
    // Still this turn's read for a cache hit; an exact read sees the commit already.
    expect(getDataVersion(reader, { sameBatch: true })).toBe(shared);
    expect(await getDataVersion(reader)).toBe(shared + 1);
    await nextTurn();
    expect(getDataVersion(reader, { sameBatch: true })).toBe(shared + 1);
  });

  it("never shares a read for more than a millisecond, whatever the event loop does", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const shared = Number(getDataVersion(reader, { sameBatch: true }));
    await writer.transaction().execute((trx) => markDataChanged(trx, "content"));
    vi.advanceTimersByTime(2);
    expect(getDataVersion(reader, { sameBatch: true })).toBe(shared + 1);
  });
});
