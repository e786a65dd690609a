// The HTTP server's own limits and shutdown: connection caps (connection-caps.server.ts), short
// header and idle timeouts, and a graceful stop (finish what was read, close keep-alives, stop the
// mail worker, close the database) within 8 s, inside the usual 10 s grace period.
import { createServer, type RequestListener, type Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { Logger } from "pino";
import { watchAcceptQueue } from "~/platform/accept-queue.server";
import {
  type ConnectionCounts,
  type ConnectionLimits,
  capConnections,
} from "./connection-caps.server";

export const serverTimeouts = {
  /** A client must send its whole request head within this (slowloris, idle new sockets). */
  headersMs: 10_000,
  requestMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 5_000,
  /** How often Node looks for connections past the header or request timeout. */
  checkEveryMs: 1_000,
};

/**
 * Time from SIGTERM to exit, at most: in-flight requests get graceMs, the rest is cleanup. For
 * lastCallMs idle keep-alive connections stay open, so that a request a client sent just after
 * the signal is answered (with Connection: close) rather than met by a closed socket.
 */
export const shutdownTimings = {
  lastCallMs: 1_000,
  graceMs: 6_000,
  workerStopMs: 1_000,
  exitMs: 8_000,
};

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
  /** Shorter timeouts, for tests that wait for one to pass. */
  timeouts?: Partial<typeof serverTimeouts>;
};

/**
 * Each site server's open sockets, for the shutdown: Node's closeIdleConnections leaves a socket
 * that has not sent a byte yet (a browser's preconnect) open until its header timeout.
 */
const openSockets = new WeakMap<Server, Set<Socket>>();
const connectionCounters = new WeakMap<Server, () => ConnectionCounts>();

/** The connection caps' counts of a site server: all 0 once every client has gone. */
export function readConnectionCounts(server: Server): ConnectionCounts | undefined {
  return connectionCounters.get(server)?.();
}

/** The largest request head taken (request line and headers together). */
export const maxHeaderBytes = 8 * 1024;

/** Creates the HTTP server with its limits; the caller listens. */
export function createSiteServer(app: RequestListener, options: SiteServerOptions): Server {
  const timeouts = { ...serverTimeouts, ...options.timeouts };
  // Sockets answered by the clientError handler below. Node's parser still reads them, so a
  // request that arrived as the header timeout fired (a browser's preconnected socket, put to use
  // while this process was busy) would be run with no way left to answer it, and the browser,
  // given the 408, sends it again: a post run twice, a save refused as a conflict with itself
  // (docs/decisions/039).
  const answered = new WeakSet<object>();
  const server = createServer(
    {
      // As nginx's default header line buffers (8 KB): no browser or crawler sends more, and a
      // client that does is answered 431 by the parser before its headers become strings here.
      maxHeaderSize: maxHeaderBytes,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      if (answered.has(req.socket)) req.socket.destroy();
      else app(req, res);
    },
  );
  connectionCounters.set(server, capConnections(server, options).readCounts);
  // The overload guard looks at the kernel's queue of this port (accept-queue.server).
  server.on("listening", () => {
    const address = server.address();
    if (address && typeof address === "object") watchAcceptQueue(address.port);
  });
  const open = new Set<Socket>();
  openSockets.set(server, open);
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  // A client that sends garbage gets a 4xx without a log line per socket (a flood of them must
  // not flood the log), with Node's own status for an oversized head or a slow one. A socket that
  // has sent nothing asked nothing: it is closed without an answer, as nginx does, and a browser
  // that was putting it to use just then resends on a new one.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    answered.add(socket);
    if ((socket as Socket).bytesRead === 0) {
      socket.destroy();
      return;
    }
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
 * Stops accepting, answers what was already read and what arrives during the last call (with
 * Connection: close), then closes idle keep-alive sockets as they become idle, cuts what is still
 * open after graceMs, then stops the worker and closes the database. Resolves when it is safe to
 * exit.
 */
export async function shutDownGracefully(steps: ShutdownSteps): Promise<void> {
  shuttingDown = true;
  const { server, logger } = steps;
  const jobsStopped = steps.stopJobs();
  // net's close, not http's: http's also closes idle keep-alive sockets at once, in the middle of
  // the event loop, including sockets whose next request has arrived but is not parsed yet. And
  // one turn of the event loop later: closing the listener resets the connections still waiting
  // in its backlog, which a busy process may not have accepted yet, though their clients connected
  // (and sent a request) before the signal. The next poll phase accepts every one of them.
  const closed = new Promise<void>((resolve) =>
    setImmediate(() => setImmediate(() => NetServer.prototype.close.call(server, () => resolve()))),
  );
  // A keep-alive client does not know of the signal: closing its idle socket at once resets the
  // request it sends a moment later (the kernel answers data for a closed socket with a reset).
  // So idle sockets stay open for the last call, and each request on them is answered with
  // Connection: close, after which Node closes that socket itself. The sockets of clients that
  // stay quiet, also of those that never sent a request, are closed after it: from the check
  // phase, after the poll phase has read what arrived, so a request already read is answered.
  const sweep = () =>
    setImmediate(() => {
      server.closeIdleConnections();
      for (const socket of openSockets.get(server) ?? []) {
        if (socket.bytesRead === 0) socket.destroy();
      }
    });
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const lastCall = setTimeout(() => {
    sweep();
    sweeper = setInterval(sweep, 50);
  }, shutdownTimings.lastCallMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      logger.warn("Shutdown: requests still running after the grace period were cut off");
      server.closeAllConnections();
      resolve();
    }, shutdownTimings.graceMs);
  });
  await Promise.race([closed, cut]);
  clearTimeout(lastCall);
  clearInterval(sweeper);
  clearTimeout(timer);
  await within(jobsStopped, shutdownTimings.workerStopMs);
  await within(steps.closeDatabase(), 500);
}
