// The event loop's delay, measured in the process (perf_hooks' monitorEventLoopDelay): its p99
// and max for /readyz, and a log line naming the requests and jobs under way when a turn of the
// loop ran past stallLogMs, since while one piece of work holds the loop nothing else is answered.
import { type ELDHistogram, monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { Logger } from "pino";

/** A turn of the loop longer than this is logged with the work under way (the budget is 50 ms). */
export const stallLogMs = 100;
/** How often the stall probe ticks: its lateness is the length of the turn that held it. */
const probeMs = 20;
/** The figures /readyz gives cover the current window and the one before it. */
const windowMs = 60_000;

type Work = { label: string; startedAt: number; endedAt?: number };

/** Requests and jobs under way in this process. */
const running = new Set<Work>();
/**
 * Work that ended lately, newest last: a stall is seen only once the loop turns again, by when the
 * request that held it has usually ended.
 */
const ended: Work[] = [];
const maxEnded = 64;

/** Longest label kept: a request's method and address, or a job's name. */
const maxLabelLength = 200;

/**
 * Marks a request or job as under way until the returned function is called (calling it again
 * does nothing), so a stall while it runs is logged with its label.
 */
export function trackWork(label: string): () => void {
  const work: Work = { label: label.slice(0, maxLabelLength), startedAt: performance.now() };
  running.add(work);
  return () => {
    if (!running.delete(work)) return;
    work.endedAt = performance.now();
    ended.push(work);
    if (ended.length > maxEnded) ended.shift();
  };
}

/**
 * A label as logged: a query value longer than a word (a sign-in link's token, a confirmation
 * code) is left out, so a warning line never carries a secret.
 */
function describeWork(label: string): string {
  const at = label.indexOf("?");
  if (at === -1) return label;
  const query = label
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq !== -1 && pair.length - eq - 1 > 24 ? `${pair.slice(0, eq)}=…` : pair;
    });
  return `${label.slice(0, at)}?${query.join("&")}`;
}

/** The labels of the work under way at any time between from and to, those that ended first. */
export function findWorkBetween(from: number, to: number): string[] {
  const labels = new Set<string>();
  for (let i = ended.length - 1; i >= 0; i--) {
    const work = ended[i];
    if (work?.endedAt !== undefined && work.endedAt >= from && work.startedAt <= to) {
      labels.add(work.label);
    }
  }
  const started = [...running].filter((work) => work.startedAt <= to);
  started.sort((a, b) => b.startedAt - a.startedAt);
  for (const work of started) labels.add(work.label);
  return [...labels].slice(0, 5).map(describeWork);
}

export type LoopDelay = {
  /** The 99th percentile of the loop's delay over the last one to two minutes, in ms. */
  p99Ms: number;
  /** The longest delay over the same time, in ms. */
  maxMs: number;
  /** Turns longer than stallLogMs since the start. */
  stalls: number;
};

export type LoopMonitor = { read(): LoopDelay; stop(): void };

const toMs = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;

/** Starts measuring; stop() ends the measuring and its timers (they never keep a process alive). */
export function startLoopMonitor({ logger }: { logger: Logger }): LoopMonitor {
  let histogram: ELDHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let previous = { p99Ms: 0, maxMs: 0 };
  let stalls = 0;
  let lastTick = performance.now();
  let lastUtilization = performance.eventLoopUtilization();
  const readWindow = () =>
    histogram.count > 0
      ? { p99Ms: toMs(histogram.percentile(99)), maxMs: toMs(histogram.max) }
      : { p99Ms: 0, maxMs: 0 };
  const probe = setInterval(() => {
    const now = performance.now();
    const heldMs = now - lastTick - probeMs;
    lastTick = now;
    const utilization = performance.eventLoopUtilization();
    // Time the loop spent running code since the last tick: a late tick with the loop idle means
    // the process itself was paused (a busy machine, a debugger), which holds up no work of ours.
    const activeMs = performance.eventLoopUtilization(utilization, lastUtilization).active;
    lastUtilization = utilization;
    if (heldMs <= stallLogMs || activeMs <= stallLogMs) return;
    stalls++;
    const heldBy = findWorkBetween(now - heldMs, now);
    logger.warn(
      { stallMs: Math.round(heldMs), heldBy },
      `Event loop stalled ${Math.round(heldMs)} ms: ${heldBy.join(", ") || "no request or job under way"}`,
    );
  }, probeMs);
  probe.unref();
  const rotate = setInterval(() => {
    previous = readWindow();
    histogram.disable();
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
  }, windowMs);
  rotate.unref();
  return {
    read() {
      const current = readWindow();
      return {
        p99Ms: Math.max(current.p99Ms, previous.p99Ms),
        maxMs: Math.max(current.maxMs, previous.maxMs),
        stalls,
      };
    },
    stop() {
      clearInterval(probe);
      clearInterval(rotate);
      histogram.disable();
    },
  };
}
