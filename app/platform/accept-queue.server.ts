// How many connections wait in the kernel's accept queue of this process's listening ports. Node
// accepts one connection per turn of its event loop, so when it is saturated the backlog waits
// there, where no count inside the process sees it. Linux only (/proc/net/tcp); elsewhere 0.
import { readFileSync } from "node:fs";

const ports = new Set<number>();
/** A reading is reused this long: the shedder may ask once per request. */
const readingMaxAgeMs = 50;
let lastReading = { at: Number.NEGATIVE_INFINITY, value: 0 };

/** How long after it began to listen a process still owes an answer to the backlog it found. */
const startBacklogMs = 10_000;
let startBacklog = { at: Number.NEGATIVE_INFINITY, count: 0 };

/** Counts this listening port's queue from now on, and notes the backlog already waiting there. */
export function watchAcceptQueue(port: number): void {
  ports.add(port);
  lastReading.at = Number.NEGATIVE_INFINITY;
  startBacklog = { at: performance.now(), count: readAcceptQueue() };
}

/**
 * The connections that were waiting when this process began to listen (on a shared socket, those
 * that queued while no process accepted), for its first ten seconds; 0 after.
 */
export function readStartBacklog(): number {
  return performance.now() - startBacklog.at < startBacklogMs ? startBacklog.count : 0;
}

/** Connections waiting to be accepted on the watched ports, summed. */
export function readAcceptQueue(): number {
  if (ports.size === 0) return 0;
  const now = performance.now();
  if (now - lastReading.at < readingMaxAgeMs) return lastReading.value;
  let waiting = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "latin1");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      // sl local_address rem_address st tx_queue:rx_queue ...; st 0A is LISTEN, whose rx_queue is
      // the accept queue's length.
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== "0A" || !local || !queues) continue;
      if (!ports.has(Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16))) continue;
      waiting += Number.parseInt(queues.slice(queues.indexOf(":") + 1), 16) || 0;
    }
  }
  lastReading = { at: now, value: waiting };
  return waiting;
}
