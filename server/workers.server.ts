// Several server processes on one port (WEB_CONCURRENCY, ADR 009): the primary process prepares
// the database once, forks the workers that serve, replaces one that dies, and on SIGTERM passes
// the signal on and waits for every worker's own graceful shutdown.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { relayPageFetchQueries } from "~/features/leads/spam/page-fetches.server";
import { shutdownTimings } from "./serving.server";

export type WorkerPoolOptions = {
  count: number;
  /** The module each worker runs (the production entry). */
  exec: string;
  logger: Logger;
};

/** A worker that dies this soon after it started counts as a crash loop, and is re-forked slower. */
const quickDeathMs = 10_000;
const maxRestartDelayMs = 10_000;

/**
 * Forks `count` workers and keeps that many alive until SIGTERM or SIGINT, then stops them all
 * and exits. Runs in the primary process; it never returns.
 */
export function runWorkerPool({ count, exec, logger }: WorkerPoolOptions): void {
  cluster.setupPrimary({ exec });
  // A post may reach another worker than the page fetch before it: the spam guard asks them all.
  relayPageFetchQueries();
  let stopping = false;
  let quickDeaths = 0;
  // Until one worker has listened, a dying worker means the site cannot start (a port in use, a
  // bad build): the primary stops too, with the worker's message above, rather than re-forking.
  let anyListened = false;
  cluster.on("listening", () => {
    anyListened = true;
  });
  const startedAt = new WeakMap<Worker, number>();

  function forkWorker() {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  }

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("Stopped");
        process.exit(0);
      }
      return;
    }
    if (!anyListened) {
      logger.fatal({ code, signal }, "A server worker could not start: stopping");
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGKILL");
      process.exit(1);
    }
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    quickDeaths = lived < quickDeathMs ? quickDeaths + 1 : 0;
    // A worker that cannot start (a bad disk, a broken build) must not be re-forked in a tight
    // loop: each quick death doubles the wait, up to ten seconds.
    const delay = Math.min(quickDeaths === 0 ? 0 : 250 * 2 ** quickDeaths, maxRestartDelayMs);
    logger.error(
      { pid: worker.process.pid, code, signal, restartInMs: delay },
      "A server worker stopped unexpectedly: starting another",
    );
    setTimeout(() => {
      if (!stopping) forkWorker();
    }, delay);
  });

  for (let index = 0; index < count; index++) forkWorker();
  logger.info({ workers: count }, `Serving with ${count} worker processes`);

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Shutting down: each worker finishes its in-flight requests");
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(0);
    // Each worker runs its own graceful shutdown on the signal (server/index.ts). A Ctrl-C in a
    // terminal reaches the workers directly too; they ignore the second signal.
    for (const worker of workers) worker.process.kill(signal);
    // Workers exit by shutdownTimings.exitMs; past that they are killed, within the platform's
    // 10 s grace period.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(0);
    }, shutdownTimings.exitMs + 500).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
