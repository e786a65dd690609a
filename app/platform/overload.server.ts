// Admission control for work that costs real CPU (rendering a page, an API call): when more is
// already under way than the process finishes in about a second, a new request is answered at
// once with 503 and Retry-After instead of waiting behind the others for many seconds.
// Pages served from the page cache cost microseconds and never count.

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
  /** Seconds a refused client should wait before trying again. */
  retryAfterSeconds(): number;
  readonly inFlight: number;
};

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

  return {
    tryStart() {
      if (inFlight >= minInFlight) {
        const queuedMs = (inFlight / throughputPerSecond(Date.now())) * 1000;
        if (queuedMs > maxQueueMs) return false;
      } else {
        noteBusy(Date.now());
      }
      inFlight++;
      return true;
    },
    finish() {
      noteBusy(Date.now());
      inFlight = Math.max(0, inFlight - 1);
      buckets[buckets.length - 1] = (buckets[buckets.length - 1] ?? 0) + 1;
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
