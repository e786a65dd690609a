// Fair caps on requests per client network (the forwarded address behind a trusted proxy): so many
// in progress, far fewer with a body still arriving, each with a deadline. A request reaches the
// app only once its body is in, so slow bodies hold no render or database connection.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import {
  baseSecurityHeaders,
  defaultContentSecurityPolicy,
} from "~/platform/http/security-headers.server";

export type RequestCaps = {
  /** Requests of one network in progress at once (the connection cap's stand-in behind a proxy). */
  inProgress: number;
  /** Requests of one network whose body is still arriving. */
  bodies: number;
  /** Time a body of any size gets to arrive, counted from its request's head... */
  bodyBaseMs: number;
  /** ...plus its declared length at this rate: a 2 KB form gets 10 s, a 1 MB save 30 s. */
  bodyBytesPerSecond: number;
};

/**
 * 64 requests in progress match the per-network connection cap; a body arrives in milliseconds
 * on any real connection, so 8 at once is room for several people uploading behind one address.
 */
export const defaultRequestCaps: RequestCaps = {
  inProgress: 64,
  bodies: 8,
  bodyBaseMs: 10_000,
  bodyBytesPerSecond: 50_000,
};

const retryAfterSeconds = 2;
const inProgressMessage =
  "Too many requests from your network are in progress. Please try again in a few seconds.";
const bodiesMessage =
  "Too many requests from your network are still sending their data. Please try again in a few seconds.";

type NetworkLoad = { inProgress: number; bodies: number };

export type RequestCapsOptions = {
  /** The client network of a request (createRequestNetworks). */
  networkOf: (req: IncomingMessage) => string;
  logger: Logger;
  caps?: RequestCaps;
};

/** Answers a refusal at once and closes the connection: its body, if any, is not waited for. */
function refuse(req: IncomingMessage, res: ServerResponse, message: string): void {
  const json = req.url?.startsWith("/api/") ?? false;
  const body = json ? JSON.stringify({ message }) : message;
  for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
  res.writeHead(429, {
    "Content-Security-Policy": defaultContentSecurityPolicy,
    "Content-Type": json ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Retry-After": String(retryAfterSeconds),
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(body);
}

/** The places taken right now, over every network (a test and diagnostics aid). */
export type RequestCapsCounts = { inProgress: number; bodies: number; networks: number };

export type AdmitRequest = ((
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void) & {
  readCounts(): RequestCapsCounts;
};

/**
 * Returns admitRequest(req, res, next), a middleware: it answers 429 itself, or calls next once
 * the request's body (if any) has arrived. Call it first thing for every request, before anything
 * awaits. Each place it takes is given back exactly once, on whichever comes first of the ways a
 * request ends: its body read, its answer done, its request or connection closed.
 */
export function createRequestCaps(options: RequestCapsOptions): AdmitRequest {
  const caps = options.caps ?? defaultRequestCaps;
  const { networkOf, logger } = options;
  const loads = new Map<string, NetworkLoad>();
  const lastWarned = new Map<string, number>();
  const totals = { inProgress: 0, bodies: 0 };

  function warn(network: string, message: string, details: Record<string, unknown>) {
    const now = Date.now();
    if (now - (lastWarned.get(network) ?? 0) < 60_000) return;
    if (lastWarned.size > 10_000) lastWarned.clear();
    lastWarned.set(network, now);
    logger.warn(details, message);
  }

  /** Gives one place of `kind` back; the network's entry goes once it holds none. */
  function release(network: string, load: NetworkLoad, kind: keyof NetworkLoad) {
    load[kind]--;
    totals[kind]--;
    if (load.inProgress === 0 && load.bodies === 0) loads.delete(network);
  }

  /** Calls give once, on the first of the events that end what the place was taken for. */
  function releaseOnce(req: IncomingMessage, res: ServerResponse, give: () => void) {
    // After an early answer Node detaches the request from its connection: neither 'end' nor
    // 'close' of the request may ever come, so the answer's and the socket's close count too.
    const done = untilSocketCloses(req.socket, give);
    res.once("close", done);
    return done;
  }

  const admitRequest = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const network = networkOf(req);
    const load = loads.get(network) ?? { inProgress: 0, bodies: 0 };
    const length = Number(req.headers["content-length"] ?? 0);
    const sendsBody =
      !req.complete && (length > 0 || req.headers["transfer-encoding"] !== undefined);
    if (load.inProgress >= caps.inProgress) {
      warn(network, "Too many requests in progress from one network: refusing more", {
        limit: caps.inProgress,
      });
      return refuse(req, res, inProgressMessage);
    }
    if (sendsBody && load.bodies >= caps.bodies) {
      warn(network, "Too many request bodies arriving from one network: refusing more", {
        limit: caps.bodies,
      });
      return refuse(req, res, bodiesMessage);
    }
    loads.set(network, load);
    load.inProgress++;
    totals.inProgress++;
    releaseOnce(req, res, () => release(network, load, "inProgress"));
    if (!sendsBody) return next();

    load.bodies++;
    totals.bodies++;
    const received = releaseOnce(req, res, () => release(network, load, "bodies"));
    const deadlineMs =
      caps.bodyBaseMs + (Number.isFinite(length) ? (length * 1000) / caps.bodyBytesPerSecond : 0);
    // Too slow to be a real client's: the connection goes.
    const deadline = setTimeout(() => {
      if (req.complete) return;
      warn(`body:${network}`, "A request body did not arrive in time: connection closed", {
        deadlineMs,
      });
      req.socket.destroy();
    }, deadlineMs);
    deadline.unref();
    const stopDeadline = untilSocketCloses(req.socket, () => clearTimeout(deadline));
    // 'end' once the app read the body, 'close' when the request is done with.
    req.once("end", () => {
      stopDeadline();
      received();
    });
    req.once("close", received);
    // Waiting for the body marks it as being read, so Node no longer drains a body the app
    // answered without reading (a 413, a 403) and the keep-alive connection would stall on it:
    // it is drained here, within the base deadline at most (a declared gigabyte gets no more).
    res.once("finish", () => {
      if (req.readableEnded) return;
      req.resume();
      const drainDeadline = setTimeout(() => {
        if (!req.complete) req.socket.destroy();
      }, caps.bodyBaseMs);
      drainDeadline.unref();
      req.once(
        "end",
        untilSocketCloses(req.socket, () => clearTimeout(drainDeadline)),
      );
    });
    whenBodyArrived(req, () => {
      if (req.complete) received();
      next();
    });
  };
  return Object.assign(admitRequest, {
    readCounts: () => ({ ...totals, networks: loads.size }),
  });
}

/**
 * Runs stop when the socket closes; the function returned runs it sooner, and forgets the
 * listener, so a long keep-alive connection does not collect one per request.
 */
function untilSocketCloses(socket: Socket, stop: () => void): () => void {
  let stopped = false;
  const run = () => {
    if (stopped) return;
    stopped = true;
    socket.off("close", run);
    stop();
  };
  socket.once("close", run);
  return run;
}

/**
 * Calls proceed once the body is in (or the stream's buffer is full, for a large body sent at a
 * real client's pace), never if the connection goes first. Until then the request costs no app
 * work: no render, no overload-guard place, no database. Nothing is read from the stream: the
 * body waits in its buffer for whoever reads it next.
 */
function whenBodyArrived(req: IncomingMessage, proceed: () => void): void {
  const arrived = () => req.complete || req.readableLength >= req.readableHighWaterMark;
  if (arrived()) {
    proceed();
    return;
  }
  const check = () => {
    if (!arrived()) return;
    stop();
    if (!req.destroyed) proceed();
  };
  const stop = () => {
    // With no 'readable' listener left the stream reads as it would have without this wait.
    req.off("readable", check);
    req.off("close", stop);
  };
  req.on("readable", check);
  req.once("close", stop);
}
