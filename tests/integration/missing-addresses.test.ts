// The 404 log against a real database: trimmed to its cap at every write, so it never passes the
// cap by more than one write's rows, the most asked-for kept; a log found over its cap shrinks a
// batch a write; one client network adds a bounded number of new addresses an hour. SQLite and
// PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  countMissingAddress,
  flushMissingAddresses,
  listMissingAddresses,
  maxMissingRows,
  maxNewPathsPerNetworkHour,
  maxPendingPaths,
  maxTrimRows,
} from "~/features/redirects/missing-addresses.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";

const now = new Date("2026-03-10T12:00:00Z");
const today = "2026-03-10";

describe.each(getTestDatabaseKinds())("the 404 log on $name", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await kind.create();
    db = await openDatabase(database.url);
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  const countRows = async () =>
    Number(
      (
        await db
          .selectFrom("missing_addresses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Rows written as an older release would have left them, in batches. */
  async function seedRows(count: number, hits: (i: number) => number, day = "2026-03-09") {
    for (let start = 0; start < count; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        rows.push({ path: `/old/${i}`, day, hits: hits(i) });
      }
      await db.insertInto("missing_addresses").values(rows).execute();
    }
  }

  /** As many new addresses as one write takes, each network using its whole hourly share. */
  function countNewAddresses(round: number) {
    for (let i = 0; i < maxPendingPaths; i++) {
      const network = `10.${round}.${Math.floor(i / maxNewPathsPerNetworkHour)}.1`;
      countMissingAddress(db, `/round-${round}/page-${i}`, network, undefined, now);
    }
  }

  it("never passes its cap by more than one write, keeping the most asked-for", async () => {
    await seedRows(maxMissingRows, (i) => (i === 7 ? 500 : 2));
    for (let round = 0; round < 4; round++) {
      countNewAddresses(round);
      await flushMissingAddresses(db, now);
      expect(await countRows()).toBeLessThanOrEqual(maxMissingRows);
    }
    const { entries: top } = await listMissingAddresses(db, { limit: 1, now });
    expect(top[0]).toEqual({ path: "/old/7", hits: 500, lastDay: "2026-03-09" });
  });

  it("shrinks a log found over its cap a batch a write, and drops days past the window", async () => {
    await seedRows(maxMissingRows + 2 * maxTrimRows + 10, () => 1);
    await db
      .insertInto("missing_addresses")
      .values({ path: "/long-ago", day: "2026-01-01", hits: 900 })
      .execute();
    const before = await countRows();
    await flushMissingAddresses(db, now);
    const afterOne = await countRows();
    expect(afterOne).toBeLessThan(before);
    expect(before - afterOne).toBeLessThanOrEqual(2 * maxTrimRows);
    for (let i = 0; i < 3; i++) await flushMissingAddresses(db, now);
    expect(await countRows()).toBe(maxMissingRows);
    const old = await db
      .selectFrom("missing_addresses")
      .select("path")
      .where("path", "=", "/long-ago")
      .execute();
    expect(old).toEqual([]);
  });

  it("takes at most its hourly share of new addresses from one network", async () => {
    for (let i = 0; i < 500; i++) {
      countMissingAddress(db, `/scan/${i}`, "203.0.113.9", undefined, now);
    }
    // Another network's address, asked again by the first: counted, as it is already waiting.
    countMissingAddress(db, "/shared-lost-page", "198.51.100.4", undefined, now);
    countMissingAddress(db, "/shared-lost-page", "203.0.113.9", undefined, now);
    await flushMissingAddresses(db, now);
    const rows = await db.selectFrom("missing_addresses").select(["path", "day", "hits"]).execute();
    const scanned = rows.filter((row) => row.path.startsWith("/scan/"));
    expect(scanned).toHaveLength(maxNewPathsPerNetworkHour);
    expect(rows.find((row) => row.path === "/shared-lost-page")).toEqual({
      path: "/shared-lost-page",
      day: today,
      hits: 2,
    });
    // The share lasts the hour: an hour later the network may add addresses again.
    countMissingAddress(db, "/scan/same-hour", "203.0.113.9", undefined, now);
    const nextHour = new Date(now.getTime() + 60 * 60 * 1000);
    countMissingAddress(db, "/scan/next-hour", "203.0.113.9", undefined, nextHour);
    await flushMissingAddresses(db, nextHour);
    const later = await db.selectFrom("missing_addresses").select("path").execute();
    expect(later.map((row) => row.path)).toContain("/scan/next-hour");
    expect(later.map((row) => row.path)).not.toContain("/scan/same-hour");
  });
});
