// Admission control: refuses work beyond about a second of queue, judged by measured throughput.
import { describe, expect, it } from "vitest";
import { createLoadShedder } from "./overload.server";

describe("createLoadShedder", () => {
  it("admits up to a second's worth of work at the assumed cost, then refuses", () => {
    const shedder = createLoadShedder({ maxQueueMs: 1000, minInFlight: 1, assumedCostMs: 25 });
    let admitted = 0;
    while (shedder.tryStart()) admitted++;
    // 40 renders of 25 ms make a second; the 41st would wait longer.
    expect(admitted).toBe(41);
    expect(shedder.retryAfterSeconds()).toBeGreaterThanOrEqual(1);
    // One finished makes room for exactly one more.
    shedder.finish();
    expect(shedder.inFlight).toBe(40);
    expect(shedder.tryStart()).toBe(true);
    expect(shedder.tryStart()).toBe(false);
  });

  it("never refuses below the minimum in flight", () => {
    const shedder = createLoadShedder({ maxQueueMs: 1, minInFlight: 3, assumedCostMs: 1000 });
    expect([shedder.tryStart(), shedder.tryStart(), shedder.tryStart()]).toEqual([
      true,
      true,
      true,
    ]);
    expect(shedder.tryStart()).toBe(false);
  });
});
