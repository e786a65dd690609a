// Admission control: refuses work beyond about a second of queue, judged by measured throughput.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLoadShedder } from "./overload.server";

describe("createLoadShedder", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it("judges throughput by busy time: a small burst after an idle spell is admitted", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const shedder = createLoadShedder({ maxQueueMs: 1000, minInFlight: 4, assumedCostMs: 25 });
    // Six requests arrive together on an idle server; five finish within 10 ms.
    for (let i = 0; i < 6; i++) expect(shedder.tryStart()).toBe(true);
    vi.advanceTimersByTime(10);
    for (let i = 0; i < 5; i++) shedder.finish();
    // Five completions in 10 ms of work is hundreds a second, not five in two seconds: the next
    // six are far below a second of queue.
    for (let i = 0; i < 6; i++) expect(shedder.tryStart()).toBe(true);
    expect(shedder.inFlight).toBe(7);
  });

  it("still refuses when the work in flight is slow", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const shedder = createLoadShedder({ maxQueueMs: 1000, minInFlight: 4, assumedCostMs: 25 });
    for (let i = 0; i < 10; i++) shedder.tryStart();
    // Ten requests took 2 s together: 5 a second, so more than 5 in flight is over a second.
    vi.advanceTimersByTime(2_000);
    for (let i = 0; i < 10; i++) shedder.finish();
    const admitted = Array.from({ length: 10 }, () => shedder.tryStart()).filter(Boolean).length;
    expect(admitted).toBe(6);
  });

  it("reports itself stuck when work is in flight and none has finished for 30 s", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const shedder = createLoadShedder();
    expect(shedder.state()).toEqual({ inFlight: 0, stalledMs: 0, stuck: false });
    shedder.tryStart();
    vi.advanceTimersByTime(29_000);
    expect(shedder.state().stuck).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(shedder.state()).toEqual({ inFlight: 1, stalledMs: 30_000, stuck: true });
    shedder.finish();
    expect(shedder.state().stuck).toBe(false);
  });
});
