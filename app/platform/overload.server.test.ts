// Admission control: refuses work beyond about a second of queue, judged by measured throughput.

import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { abandonedWorkMs, createLoadShedder } from "./overload.server";

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

  /** A guard that has measured ten requests taking 2 s together: 5 a second. */
  function createSlowShedder() {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const shedder = createLoadShedder({ maxQueueMs: 1000, minInFlight: 4, assumedCostMs: 25 });
    for (let i = 0; i < 10; i++) shedder.tryStart();
    vi.advanceTimersByTime(2_000);
    for (let i = 0; i < 10; i++) shedder.finish();
    return shedder;
  }

  it("still refuses when the work in flight is slow", () => {
    // 5 a second: more than 5 in flight is over a second.
    const shedder = createSlowShedder();
    const admitted = Array.from({ length: 10 }, () => shedder.tryStart()).filter(Boolean).length;
    expect(admitted).toBe(6);
  });

  it("takes a visitor's submission while renders are refused on the queue, and counts it", () => {
    const shedder = createSlowShedder();
    while (shedder.tryStart()) {}
    expect(shedder.tryStart("render")).toBe(false);
    const before = shedder.inFlight;
    expect(shedder.tryStart("submission")).toBe(true);
    expect(shedder.inFlight).toBe(before + 1);
  });

  it("refuses a submission too while the event loop runs late with admitted work", async () => {
    const shedder = createLoadShedder({ minInFlight: 2, maxLagMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 3; i++) {
      shedder.tryStart("submission");
      const until = performance.now() + 60;
      while (performance.now() < until) {}
      shedder.finish();
    }
    expect(shedder.tryStart("submission")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shedder.tryStart("submission")).toBe(true);
  });

  it("reports itself stuck when work is in flight and none has finished for 30 s", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const shedder = createLoadShedder();
    expect(shedder.state()).toMatchObject({ inFlight: 0, stalledMs: 0, stuck: false });
    shedder.tryStart();
    vi.advanceTimersByTime(29_000);
    expect(shedder.state().stuck).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(shedder.state()).toMatchObject({ inFlight: 1, stalledMs: 30_000, stuck: true });
    shedder.finish();
    expect(shedder.state().stuck).toBe(false);
  });

  it("refuses new work while the event loop runs late with its own work, then admits again", async () => {
    const shedder = createLoadShedder({ minInFlight: 2, maxLagMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Renders that never yield, one after another, as on SQLite: nothing stays in flight.
    const runRender = () => {
      if (!shedder.tryStart()) return false;
      const until = performance.now() + 60;
      while (performance.now() < until) {}
      shedder.finish();
      return true;
    };
    const outcomes = Array.from({ length: 10 }, runRender);
    expect(outcomes.slice(0, 2)).toEqual([true, true]);
    expect(outcomes.slice(-3)).toEqual([false, false, false]);
    expect(shedder.state().lagMs).toBeGreaterThan(100);
    expect(shedder.retryAfterSeconds()).toBeGreaterThanOrEqual(1);
    // Once the loop has caught up, work is taken again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shedder.tryStart()).toBe(true);
  });

  it("refuses part of the work while the loop is saturated by short renders, then admits again", async () => {
    // Renders of 15 ms, one per turn of the loop, never late by much: as when the backlog waits
    // in the kernel's accept queue. Without refusals they would fill the whole second.
    let waiting = 100;
    let saturated = true;
    const shedder = createLoadShedder({
      maxLagMs: 10_000,
      maxWorkShare: 0.5,
      readAcceptQueue: () => waiting,
      isLoopSaturated: () => saturated,
    });
    const outcomes: boolean[] = [];
    const until = performance.now() + 600;
    while (performance.now() < until) {
      if (shedder.tryStart()) {
        const end = performance.now() + 15;
        while (performance.now() < end) {}
        shedder.finish();
        outcomes.push(true);
      } else {
        // A refusal costs little, and the loop goes on with the next connection.
        const end = performance.now() + 1;
        while (performance.now() < end) {}
        outcomes.push(false);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(outcomes).toContain(false);
    expect(outcomes).toContain(true);
    // With nobody queued (one client asking page after page), nothing is refused.
    waiting = 0;
    expect(shedder.tryStart()).toBe(true);
    shedder.finish();
    waiting = 100;
    // Once the loop is no longer saturated, work is taken again.
    saturated = false;
    expect(shedder.tryStart()).toBe(true);
  });

  it("serves twenty clients connecting at once on a saturated loop, but not a burst of hundreds", async () => {
    // Renders of 15 ms on a saturated loop with the rest of twenty clients still in the kernel's
    // queue: a fraction of a second of work, less than the second a client may wait.
    let waiting = 16;
    const shedder = createLoadShedder({
      maxLagMs: 10_000,
      readAcceptQueue: () => waiting,
      isLoopSaturated: () => true,
    });
    const runFor = async (ms: number) => {
      const outcomes: boolean[] = [];
      const until = performance.now() + ms;
      while (performance.now() < until) {
        const started = shedder.tryStart();
        const end = performance.now() + (started ? 15 : 1);
        while (performance.now() < end) {}
        if (started) shedder.finish();
        outcomes.push(started);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return outcomes;
    };
    expect(await runFor(600)).not.toContain(false);
    waiting = 400;
    expect(await runFor(300)).toContain(false);
  });

  it("serves the clients found waiting at the start past its estimate, then refuses again", () => {
    // A fresh process on a shared socket finds the connections that queued during a restart.
    const options = { maxQueueMs: 1000, minInFlight: 1, assumedCostMs: 25 };
    const fresh = createLoadShedder({ ...options, readStartBacklog: () => 30 });
    const alone = createLoadShedder({ ...options, readStartBacklog: () => 0 });
    const admitted = (shedder: ReturnType<typeof createLoadShedder>) => {
      let count = 0;
      while (shedder.tryStart()) count++;
      return count;
    };
    expect(admitted(alone)).toBe(41);
    expect(admitted(fresh)).toBe(41 + 30);
    // Owed once: what finishes makes room as before, and the backlog is not served twice.
    fresh.finish();
    expect([fresh.tryStart(), fresh.tryStart()]).toEqual([false, false]);
  });

  it("does not refuse after a long pause that was not its own work", async () => {
    const shedder = createLoadShedder({ minInFlight: 2, maxLagMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = performance.now() + 300;
    while (performance.now() < until) {}
    expect([shedder.tryStart(), shedder.tryStart()]).toEqual([true, true]);
  });
});

describe("LoadShedder.admit", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds the slot until the work ends, not when the client leaves", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const shedder = createLoadShedder();
    const res = new EventEmitter() as EventEmitter & { closed: boolean; destroyed: boolean };
    Object.assign(res, { closed: false, destroyed: false });
    const finishWork = shedder.admit(res as unknown as ServerResponse);
    expect(typeof finishWork).toBe("function");
    // The client resets: its render goes on, and so does its slot.
    res.emit("close");
    expect(shedder.inFlight).toBe(1);
    if (typeof finishWork === "function") {
      finishWork();
      finishWork();
    }
    expect(shedder.inFlight).toBe(0);
  });

  it("gives back the slot of work that never ends, a while after its client left", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const shedder = createLoadShedder();
    const res = Object.assign(new EventEmitter(), { closed: false, destroyed: false });
    shedder.admit(res as unknown as ServerResponse);
    res.emit("close");
    vi.advanceTimersByTime(abandonedWorkMs - 1);
    expect(shedder.inFlight).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shedder.inFlight).toBe(0);
    // A response already closed takes nothing.
    const gone = Object.assign(new EventEmitter(), { closed: true, destroyed: true });
    expect(shedder.admit(gone as unknown as ServerResponse)).toBe("gone");
    expect(shedder.inFlight).toBe(0);
  });
});
