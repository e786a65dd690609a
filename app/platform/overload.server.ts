// Admission control for work that costs real CPU: when more is under way or waiting to be accepted
// than the process finishes in a second, or a turn of the event loop runs past 800 ms, a new request
// gets 503 and Retry-After at once. Page cache hits never count; a slot is held while its work runs.
import type { ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { readAcceptQueue, readStartBacklog } from "./accept-queue.server";

export type LoadShedderOptions = {
  /** How much queued work (in time) is allowed before new work is refused. */
  maxQueueMs?: number;
  /** Below this many requests in flight nothing is refused, whatever the estimate. */
  minInFlight?: number;
  /** Cost assumed for one request until completions have been measured. */
  assumedCostMs?: number;
  /**
   * Event-loop lateness beyond which new work is refused, however little is counted in flight:
   * on SQLite a render may run start to end without yielding, so a burst queues up as events
   * the loop has not reached yet, which no count of work in flight sees. Twenty kept-alive
   * clients asking for uncached pages make turns of about 700 ms, which are served; a health
   * check waits at most about one turn.
   */
  maxLagMs?: number;
  /**
   * Share of the last half second that admitted work may fill while the event loop is saturated.
   * Past it, new work is refused: when the process is saturated, Node accepts about one
   * connection per turn of the loop, so the queue waits in the kernel where no count sees it, and
   * only leaving part of the time to quick answers (refusals, kept pages, health checks) drains it.
   */
  maxWorkShare?: number;
  /** Connections waiting to be accepted (the kernel's queue); a test may stand in for it. */
  readAcceptQueue?: () => number;
  /** Whether the event loop is saturated (the probe's reading); a test may stand in for it. */
  isLoopSaturated?: () => boolean;
  /** Connections found waiting when the process began to listen; a test may stand in for it. */
  readStartBacklog?: () => number;
};

/**
 * "render": a page or a read, which the visitor gets again by reloading. "submission": a visitor's
 * post (a message, a sign-up, an unsubscribe): small, limited per network by its own rules, and
 * the one request a refusal can lose, so a queue of renders never refuses it.
 */
export type WorkKind = "render" | "submission";

/** Ends an admitted unit of work; calling it again does nothing. */
export type FinishWork = () => void;

export type LoadShedder = {
  /**
   * Starts a unit of work, or returns false when it should be refused (answer 503). A submission
   * is refused only while the event loop itself runs late, never on the estimate.
   */
  tryStart(kind?: WorkKind): boolean;
  finish(): void;
  /**
   * Takes a slot for the response's work, given back by the FinishWork returned once the work has
   * ended, or at the latest abandonedWorkMs after the response closed (work that never settles
   * must not hold its slot for good). "gone": the client left before its work began (nothing to
   * answer, nothing taken); "refused": answer 503.
   */
  admit(res: ServerResponse, kind?: WorkKind): FinishWork | "refused" | "gone";
  /** Seconds a refused client should wait before trying again. */
  retryAfterSeconds(): number;
  /** What /readyz reports: work in flight, and whether the guard looks stuck. */
  state(): OverloadState;
  readonly inFlight: number;
};

export type OverloadState = {
  inFlight: number;
  /** Milliseconds since work last finished while some was in flight; 0 when idle. */
  stalledMs: number;
  stuck: boolean;
  /** How late the event loop runs now, in milliseconds. */
  lagMs: number;
  /** Admitted work fills the saturated event loop while clients queue: new work is refused. */
  saturated: boolean;
};

/** Work in flight with nothing finished for this long means a stuck process, not a busy one. */
export const stuckAfterMs = 30_000;

/** A slot whose response closed is given back this long after at most, its work ended or not. */
export const abandonedWorkMs = 10_000;

const windowMs = 2_000;
/** How often the event loop's lateness is sampled. */
const probeMs = 20;

type LagProbe = {
  /**
   * How late the event loop runs: how late the probe's last tick came, or, if its next one is
   * overdue (the loop is in a long run of callbacks right now), how overdue.
   */
  readLagMs(): number;
  /** Work started since the loop last ran on time: 0 means the lateness is not this guard's work. */
  startsWhileLate: number;
  /**
   * Whether the event loop is saturated now: busy for at least 90% of each of the last two tenths
   * of a second (each of them, so a burst that has just ended stops counting at once), and of the
   * half second before on average.
   */
  isSaturated(): boolean;
};

/** How many utilization samples (one per 100 ms) make the half second judged. */
const utilizationSamples = 5;

function startLagProbe(maxLagMs: number): LagProbe {
  let lastTick = performance.now();
  let lastLag = 0;
  let lastUtilization = performance.eventLoopUtilization();
  let lastSample = lastTick;
  const utilization: number[] = [];
  const lag: LagProbe = {
    readLagMs: () => Math.max(lastLag, performance.now() - lastTick - probeMs),
    startsWhileLate: 0,
    isSaturated: () =>
      utilization.length === utilizationSamples &&
      utilization.slice(-2).every((value) => value >= 0.9) &&
      utilization.reduce((sum, value) => sum + value, 0) / utilization.length >= 0.9,
  };
  const probe = setInterval(() => {
    const now = performance.now();
    lastLag = Math.max(0, now - lastTick - probeMs);
    lastTick = now;
    if (lastLag <= maxLagMs) lag.startsWhileLate = 0;
    if (now - lastSample >= 100) {
      const current = performance.eventLoopUtilization();
      utilization.push(performance.eventLoopUtilization(current, lastUtilization).utilization);
      if (utilization.length > utilizationSamples) utilization.shift();
      lastUtilization = current;
      lastSample = now;
    }
  }, probeMs);
  // The probe never keeps a process alive.
  probe.unref();
  return lag;
}

type ThroughputMeter = {
  /** Requests finished per second of busy time lately (the assumed rate without history). */
  perSecond(now: number): number;
  /** Share of the last half second that admitted work was in flight. */
  workShare(now: number): number;
  /** Adds the time since the last start or finish to the busy time, if work was in flight. */
  noteBusy(now: number, inFlight: number): void;
  noteFinished(): void;
};

/** Completions, and time with work in flight, per bucket of 100 ms over the last two seconds. */
function createThroughputMeter(assumedCostMs: number): ThroughputMeter {
  const buckets = new Array<number>(windowMs / 100).fill(0);
  const busyBuckets = new Array<number>(windowMs / 100).fill(0);
  let bucketTime = 0;
  let lastChange = 0;
  let lastInFlight = 0;

  function advance(now: number) {
    const current = Math.floor(now / 100);
    if (bucketTime === 0) bucketTime = current;
    const steps = Math.min(current - bucketTime, buckets.length);
    for (let i = 0; i < steps; i++) {
      buckets.push(0);
      buckets.shift();
      busyBuckets.push(0);
      busyBuckets.shift();
    }
    bucketTime = current;
  }

  const meter: ThroughputMeter = {
    noteBusy(now, inFlight) {
      advance(now);
      if (lastInFlight > 0 && lastChange > 0) {
        busyBuckets[busyBuckets.length - 1] = (busyBuckets.at(-1) ?? 0) + (now - lastChange);
      }
      lastChange = now;
      lastInFlight = inFlight;
    },
    /**
     * Busy time, not the whole window: after an idle spell, the first few completions of a burst
     * would otherwise look like a two-second trickle and refuse a handful of requests.
     */
    perSecond(now) {
      meter.noteBusy(now, lastInFlight);
      const done = buckets.reduce((sum, count) => sum + count, 0);
      // A handful of completions is too little history to judge by.
      if (done < 5) return 1000 / assumedCostMs;
      const busyMs = busyBuckets.reduce((sum, ms) => sum + ms, 0);
      return (done * 1000) / Math.min(windowMs, Math.max(100, busyMs));
    },
    workShare(now) {
      meter.noteBusy(now, lastInFlight);
      const recent = busyBuckets.slice(-utilizationSamples);
      return recent.reduce((sum, ms) => sum + ms, 0) / (utilizationSamples * 100);
    },
    noteFinished() {
      buckets[buckets.length - 1] = (buckets[buckets.length - 1] ?? 0) + 1;
    },
  };
  return meter;
}

export function createLoadShedder(options: LoadShedderOptions = {}): LoadShedder {
  const maxQueueMs = options.maxQueueMs ?? 1000;
  const minInFlight = options.minInFlight ?? 4;
  const maxLagMs = options.maxLagMs ?? 800;
  const lag = startLagProbe(maxLagMs);
  const maxWorkShare = options.maxWorkShare ?? 0.5;
  const readWaiting = options.readAcceptQueue ?? readAcceptQueue;
  const isLoopSaturated = options.isLoopSaturated ?? lag.isSaturated;
  const readOwed = options.readStartBacklog ?? readStartBacklog;
  const meter = createThroughputMeter(options.assumedCostMs ?? 25);
  const throughputPerSecond = (now: number) => meter.perSecond(now);
  /**
   * Saturated by admitted work with more clients queued behind it, in the kernel, than the process
   * finishes in maxQueueMs. Twenty clients connecting at once wait less than that and are all served;
   * a burst of hundreds is not. Without a queue (one client asking page after page) nobody waits.
   */
  const isSwamped = (now: number) =>
    isLoopSaturated() &&
    meter.workShare(now) > maxWorkShare &&
    ((readWaiting() + inFlight) / throughputPerSecond(now)) * 1000 > maxQueueMs;
  let inFlight = 0;
  let lastFinish = Date.now();
  /** Requests admitted past the estimate as owed to the backlog found at the start. */
  let owedTaken = 0;

  /**
   * Whether more work would wait longer than maxQueueMs, judged by the measured throughput. The
   * clients found waiting when the process began to listen are served all the same: they queued
   * while no process accepted, and a fresh process's first renders make its estimate gloomy.
   */
  function isOverEstimate(now: number): boolean {
    const over =
      isSwamped(now) ||
      (inFlight >= minInFlight && (inFlight / throughputPerSecond(now)) * 1000 > maxQueueMs);
    if (!over || owedTaken >= readOwed()) return over;
    owedTaken++;
    return false;
  }

  function tryStart(kind: WorkKind = "render"): boolean {
    const now = Date.now();
    // A late loop refuses once some of the lateness is this guard's own work: a slow start-up
    // or a pause of the process alone sheds nothing.
    if (lag.startsWhileLate >= minInFlight && lag.readLagMs() > maxLagMs) return false;
    // A saturated loop mostly doing admitted work: the backlog is in the kernel's accept queue.
    if (kind === "render" && isOverEstimate(now)) return false;
    meter.noteBusy(now, inFlight + 1);
    // Idle until now: the stall clock starts with this work, not with the last finish long ago.
    if (inFlight === 0) lastFinish = now;
    inFlight++;
    lag.startsWhileLate++;
    return true;
  }

  function finish(): void {
    const now = Date.now();
    lastFinish = now;
    inFlight = Math.max(0, inFlight - 1);
    meter.noteBusy(now, inFlight);
    meter.noteFinished();
  }

  return {
    tryStart,
    finish,
    admit(res, kind) {
      // A response whose client left while earlier middleware awaited has already emitted its one
      // 'close' (a listener added after it would never run): Node marks it closed, so it is seen
      // here and takes nothing.
      if (res.closed || res.destroyed) return "gone";
      if (!tryStart(kind)) return "refused";
      let held = true;
      let abandoned: ReturnType<typeof setTimeout> | undefined;
      const end: FinishWork = () => {
        if (!held) return;
        held = false;
        clearTimeout(abandoned);
        finish();
      };
      // The listener is added in the same tick as the slot is taken, so it cannot miss 'close'.
      res.once("close", () => {
        if (!held) return;
        abandoned = setTimeout(end, abandonedWorkMs);
        abandoned.unref();
      });
      return end;
    },
    state() {
      const stalledMs = inFlight > 0 ? Date.now() - lastFinish : 0;
      return {
        inFlight,
        stalledMs,
        stuck: stalledMs >= stuckAfterMs,
        lagMs: Math.round(lag.readLagMs()),
        saturated: isSwamped(Date.now()),
      };
    },
    retryAfterSeconds() {
      const queuedSeconds = inFlight / throughputPerSecond(Date.now()) + lag.readLagMs() / 1000;
      return Math.min(30, Math.max(1, Math.ceil(queuedSeconds)));
    },
    get inFlight() {
      return inFlight;
    },
  };
}
