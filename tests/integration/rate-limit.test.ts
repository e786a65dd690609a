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
    const now = 1_800_000_000_000;
    for (let i = 0; i < 3; i++)
      expect((await hitRateLimit(db, "contact:a", rule, now)).allowed).toBe(true);
    const refused = await hitRateLimit(db, "contact:a", rule, now + 15_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // The first three leave the window a minute after they came.
    expect(refused.retryAfterSeconds).toBe(45);
    expect((await hitRateLimit(db, "contact:b", rule, now)).allowed).toBe(true);
    expect((await hitRateLimit(db, "contact:a", rule, now + 59_999)).allowed).toBe(false);
    expect((await hitRateLimit(db, "contact:a", rule, now + 60_000)).allowed).toBe(true);
  });

  it("allows the limit in any window's time, across a minute's edge too, and never asks for a longer wait", async () => {
    const edge = 1_800_000_000_000; // a whole minute on the clock
    for (let i = 0; i < 2; i++)
      expect((await hitRateLimit(db, "contact:a", rule, edge - 1_000)).allowed).toBe(true);
    expect((await hitRateLimit(db, "contact:a", rule, edge)).allowed).toBe(true);
    const refused = await hitRateLimit(db, "contact:a", rule, edge + 1_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(58);
    // Refused requests do not extend the wait; once the first two leave, two more fit.
    for (let i = 0; i < 5; i++)
      expect((await hitRateLimit(db, "contact:a", rule, edge + 30_000)).allowed).toBe(false);
    expect((await hitRateLimit(db, "contact:a", rule, edge + 59_000)).allowed).toBe(true);
    expect((await hitRateLimit(db, "contact:a", rule, edge + 59_000)).allowed).toBe(true);
    expect((await hitRateLimit(db, "contact:a", rule, edge + 59_000)).allowed).toBe(false);
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
