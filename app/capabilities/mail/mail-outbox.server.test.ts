// The outbox's retry schedule.
import { describe, expect, it } from "vitest";
import { getRetryDelayMs, maxMailAttempts, retryDelaysMs } from "./mail-outbox.server";

describe("getRetryDelayMs", () => {
  it("waits 30 s, 2 min, 10 min ... after successive failures, then stays at the cap", () => {
    expect(getRetryDelayMs(1)).toBe(30_000);
    expect(getRetryDelayMs(2)).toBe(120_000);
    expect(getRetryDelayMs(3)).toBe(600_000);
    const cap = retryDelaysMs.at(-1);
    expect(getRetryDelayMs(retryDelaysMs.length)).toBe(cap);
    expect(getRetryDelayMs(50)).toBe(cap);
  });

  it("gives up after a bounded total of about a day at most", () => {
    let total = 0;
    for (let attempt = 1; attempt < maxMailAttempts; attempt++) total += getRetryDelayMs(attempt);
    expect(total).toBeGreaterThan(60 * 60_000);
    expect(total).toBeLessThan(24 * 60 * 60_000);
  });

  it("uses a given schedule", () => {
    expect(getRetryDelayMs(1, [10, 20])).toBe(10);
    expect(getRetryDelayMs(5, [10, 20])).toBe(20);
  });
});
