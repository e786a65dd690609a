// The HTTP server's own limits and its shutdown (issue 11): caps on open connections, overall and
// per client network (connection-caps.server.ts), short header and idle timeouts, and a graceful
// stop that finishes what it has read, tells keep-alive clients to go, stops the mail worker and
// closes the database within 8 seconds, inside the 10 s grace period of Docker and most platforms.
import { createServer, type RequestListener, type Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { Logger } from "pino";
import { type ConnectionLimits, capConnections } from "./connection-caps.server";

export const serverTimeouts = {
  /** A client must send its whole request head within this (slowloris, idle new sockets). */
  headersMs: 10_000,
  requestMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 5_000,
};

/** Time from SIGTERM to exit, at most: in-flight requests get graceMs, the rest is cleanup. */
export const shutdownTimings = { graceMs: 6_000, workerStopMs: 1_000, exitMs: 8_000 };

let shuttingDown = false;

/** True once a shutdown began: answers then carry Connection: close, /readyz says 503. */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

export type SiteServerOptions = {
  logger: Logger;
  limits?: ConnectionLimits;
  /** Peers exempt from the per-network cap: the trusted reverse proxies, whose sockets are many. */
  isTrustedPeer?: (address: string) => boolean;
};

/** Creates the HTTP server with its limits; the caller listens. */
export function createSiteServer(app: RequestListener, options: SiteServerOptions): Server {
  const server = createServer(
    {
      headersTimeout: serverTimeouts.headersMs,
      requestTimeout: serverTimeouts.requestMs,
      keepAliveTimeout: serverTimeouts.keepAliveMs,
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  capConnections(server, options);
  // A client that sends garbage gets a 4xx without a log line per socket (a flood of them must
  // not flood the log), with Node's own status for an oversized head or a slow one.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });
  return server;
}

/** Waits for promise, but never longer than ms. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    promise.catch(() => {}),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

export type ShutdownSteps = {
  server: Server;
  logger: Logger;
  /** Stops background work after its current step (the mail being sent). */
  stopJobs: () => Promise<void>;
  closeDatabase: () => Promise<void>;
};

/**
 * Stops accepting, answers what was already read (with Connection: close), closes idle
 * keep-alive sockets as they become idle, cuts what is still open after graceMs, then stops the
 * worker and closes the database. Resolves when it is safe to exit.
 */
export async function shutDownGracefully(steps: ShutdownSteps): Promise<void> {
  shuttingDown = true;
  const { server, logger } = steps;
  const jobsStopped = steps.stopJobs();
  // net's close, not http's: http's also closes idle keep-alive sockets at once, in the middle of
  // the event loop, including sockets whose next request has arrived but is not parsed yet.
  const closed = new Promise<void>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve()),
  );
  // Idle sockets are closed from the check phase, after the poll phase has read what arrived, so
  // a request already sent is parsed (and answered) rather than dropped; a keep-alive socket
  // whose answer just ended is closed before a new request.
  const sweep = () => setImmediate(() => server.closeIdleConnections());
  sweep();
  const sweeper = setInterval(sweep, 50);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      logger.warn("Shutdown: requests still running after the grace period were cut off");
      server.closeAllConnections();
      resolve();
    }, shutdownTimings.graceMs);
  });
  await Promise.race([closed, cut]);
  clearInterval(sweeper);
  clearTimeout(timer);
  await within(jobsStopped, shutdownTimings.workerStopMs);
  await within(steps.closeDatabase(), 500);
}
