// Rate limits against a real database: counted per key over a sliding window, kept across a reopen.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { hashClientIp, hitRateLimit, resetRateLimit } from "~/platform/rate-limit.server";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";

const rule = { limit: 3, windowMs: 60_000 };

describe.each(getTestDatabaseKinds())("rate limits on $name", (kind) => {
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

  it("allows the limit, refuses the next with the wait until one more fits, then allows it", async () => {
    const now = 1_800_000_000_000; // the start of a window
    for (let i = 0; i < 3; i++)
      expect((await hitRateLimit(db, "contact:a", rule, now)).allowed).toBe(true);
    const refused = await hitRateLimit(db, "contact:a", rule, now + 15_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // Four hits in this window: in the next one, half of them have slid out after 30 s.
    expect(refused.retryAfterSeconds).toBe(75);
    expect((await hitRateLimit(db, "contact:b", rule, now)).allowed).toBe(true);
    expect((await hitRateLimit(db, "contact:a", rule, now + 90_000)).allowed).toBe(true);
  });

  it("limits a burst across a window's edge at the rule's count, not twice it", async () => {
    const edge = 1_800_000_000_000;
    for (let i = 0; i < 2; i++)
      expect((await hitRateLimit(db, "contact:a", rule, edge - 1_000)).allowed).toBe(true);
    expect((await hitRateLimit(db, "contact:a", rule, edge)).allowed).toBe(true);
    const refused = await hitRateLimit(db, "contact:a", rule, edge + 1_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // A whole window later the earlier hits weigh nothing.
    expect((await hitRateLimit(db, "contact:a", rule, edge + 120_000)).allowed).toBe(true);
  });

  it("survives a restart and can be reset", async () => {
    const now = 1_800_000_000_000;
    for (let i = 0; i < 4; i++) await hitRateLimit(db, "login:x", rule, now);
    await db.destroy();
    db = await openDatabase(database.url);
    expect((await hitRateLimit(db, "login:x", rule, now)).allowed).toBe(false);
    await resetRateLimit(db, "login:x");
    expect((await hitRateLimit(db, "login:x", rule, now)).allowed).toBe(true);
  });

  it("hashes client addresses", () => {
    expect(hashClientIp("203.0.113.9")).toMatch(/^[0-9a-f]{32}$/);
    expect(hashClientIp("203.0.113.9")).not.toBe(hashClientIp("203.0.113.10"));
  });
});
