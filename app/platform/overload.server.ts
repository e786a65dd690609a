// Admission control for work that costs real CPU (rendering a page, an API call): when more is
// already under way than the process finishes in about a second, a new request is answered at
// once with 503 and Retry-After instead of waiting behind the others for many seconds.
// Pages served from the page cache cost microseconds and never count. A slot is tied to the
// response it was taken for (`admit`) and comes back when that response closes, however it ends:
// answered, reset, timed out, or gone before its work even began.
import type { ServerResponse } from "node:http";

export type LoadShedderOptions = {
  /** How much queued work (in time) is allowed before new work is refused. */
  maxQueueMs?: number;
  /** Below this many requests in flight nothing is refused, whatever the estimate. */
  minInFlight?: number;
  /** Cost assumed for one request until completions have been measured. */
  assumedCostMs?: number;
};

export type LoadShedder = {
  /** Starts a unit of work, or returns false when it should be refused (answer 503). */
  tryStart(): boolean;
  finish(): void;
  /**
   * Takes a slot for the response's work, given back when the response closes. "gone": the client
   * left before its work began (nothing to answer, nothing taken); "refused": answer 503.
   */
  admit(res: ServerResponse): "admitted" | "refused" | "gone";
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
};

/** Work in flight with nothing finished for this long means a stuck process, not a busy one. */
export const stuckAfterMs = 30_000;

const windowMs = 2_000;

export function createLoadShedder(options: LoadShedderOptions = {}): LoadShedder {
  const maxQueueMs = options.maxQueueMs ?? 1_000;
  const minInFlight = options.minInFlight ?? 4;
  const assumedCostMs = options.assumedCostMs ?? 25;
  let inFlight = 0;
  // Completions, and time with work in flight, per bucket of 100 ms over the last two seconds.
  const buckets = new Array<number>(windowMs / 100).fill(0);
  const busyBuckets = new Array<number>(windowMs / 100).fill(0);
  let bucketTime = 0;
  let lastChange = 0;
  let lastFinish = Date.now();

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

  /** Adds the time since the last start or finish to the busy time, if work was in flight. */
  function noteBusy(now: number) {
    advance(now);
    if (inFlight > 0 && lastChange > 0) {
      busyBuckets[busyBuckets.length - 1] = (busyBuckets.at(-1) ?? 0) + (now - lastChange);
    }
    lastChange = now;
  }

  /**
   * Requests finished per second of busy time lately, or the assumed rate while there is no
   * history. Busy time, not the whole window: after an idle spell, the first few completions of
   * a burst would otherwise look like a two-second trickle and refuse a handful of requests.
   */
  function throughputPerSecond(now: number): number {
    noteBusy(now);
    const done = buckets.reduce((sum, count) => sum + count, 0);
    // A handful of completions is too little history to judge by.
    if (done < 5) return 1000 / assumedCostMs;
    const busyMs = busyBuckets.reduce((sum, ms) => sum + ms, 0);
    return (done * 1000) / Math.min(windowMs, Math.max(100, busyMs));
  }

  function tryStart(): boolean {
    if (inFlight >= minInFlight) {
      const queuedMs = (inFlight / throughputPerSecond(Date.now())) * 1000;
      if (queuedMs > maxQueueMs) return false;
    } else {
      noteBusy(Date.now());
    }
    // Idle until now: the stall clock starts with this work, not with the last finish long ago.
    if (inFlight === 0) lastFinish = Date.now();
    inFlight++;
    return true;
  }

  function finish(): void {
    const now = Date.now();
    noteBusy(now);
    lastFinish = now;
    inFlight = Math.max(0, inFlight - 1);
    buckets[buckets.length - 1] = (buckets[buckets.length - 1] ?? 0) + 1;
  }

  return {
    tryStart,
    finish,
    admit(res) {
      // A response whose client left while earlier middleware awaited has already emitted its one
      // 'close' (the leak of issue 15 was a listener added after it): Node marks it closed, so it
      // is seen here and takes nothing. Otherwise the listener is added in the same tick as the
      // slot is taken, and 'close' (after the last byte, or when the socket dies) gives it back.
      if (res.closed || res.destroyed) return "gone";
      if (!tryStart()) return "refused";
      res.once("close", finish);
      return "admitted";
    },
    state() {
      const stalledMs = inFlight > 0 ? Date.now() - lastFinish : 0;
      return { inFlight, stalledMs, stuck: stalledMs >= stuckAfterMs };
    },
    retryAfterSeconds() {
      const queuedSeconds = inFlight / throughputPerSecond(Date.now());
      return Math.min(30, Math.max(1, Math.ceil(queuedSeconds)));
    },
    get inFlight() {
      return inFlight;
    },
  };
}
