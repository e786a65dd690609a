// A circuit breaker in front of the database: once it is seen not to answer, callers are told so at
// once for a short spell instead of each waiting out a timeout, so a stopped database costs one
// timeout, not one per request. One probe at a time finds out when it answers again.
import type { Logger } from "pino";
import type { Db } from "./tables.server";
import {
  DatabaseUnavailableError,
  describeDatabaseError,
  networkCodes,
} from "./unavailable.server";

export const circuitTimings = {
  /** How long callers are refused at once before a probe asks the database again. */
  cooldownMs: 1_000,
  /** Longest a probe waits: a healthy database answers a trivial query in a millisecond. */
  probeDeadlineMs: 500,
};

// Errors that say the server cannot be reached or is going away: a failing query (a deadlock, a
// statement timeout, a full disk for writes) does not open the circuit, since reads still work.
const outageCodes = new Set([...networkCodes, "57P01", "57P02", "57P03"]);
const outageMessages =
  /connection terminated|query read timeout|connection (?:timeout|closed|ended)|not queryable|starting up|shutting down/i;
// pg-pool's words for a request that waited its whole connect timeout in the queue of a full pool.
const poolQueueTimeout = /^timeout exceeded when trying to connect$/;

/** True when error is a wait that ran out, which a busy pool causes as well as a silent server. */
function isSlowAnswer(error: unknown): boolean {
  return (
    error instanceof DeadlineError ||
    (error instanceof Error && poolQueueTimeout.test(error.message))
  );
}

/** True when error (or a cause) says the database server is gone, not that one query failed. */
export function isDatabaseOutage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === "string" && (outageCodes.has(code) || code.startsWith("08"))) return true;
    if (outageMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** A deadline passed: the database may be silent, or only slow to be reached (a busy pool). */
export class DeadlineError extends DatabaseUnavailableError {
  override name = "DeadlineError";
}

/** How often a deadline looks at the clock: a turn later than this was the process not listening. */
const deadlineTickMs = 50;

/**
 * Rejects with a DeadlineError when promise has not settled within ms of time this process could
 * have heard the answer. A turn of the event loop blocked by a render, or a process starved of CPU,
 * counts only as one tick: an answer that arrived meanwhile waits unread in the socket, and a timer
 * that fires first must not call that silence. The last check also waits for the loop's I/O phase.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let listenedMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      listenedMs += Math.min(now - last, deadlineTickMs * 1.5);
      last = now;
      if (listenedMs < ms) return;
      clearInterval(ticker);
      // After this turn's I/O: an answer already in the socket settles the promise first, and a
      // promise settles once, so this rejection then changes nothing.
      setImmediate(() => reject(new DeadlineError(`${what} did not answer within ${ms} ms`)));
    }, deadlineTickMs);
    promise.then(resolve, reject).finally(() => clearInterval(ticker));
  });
}

export type CircuitState = { open: boolean; openForMs: number; reason: string };

/** A trivial query on a connection of its own, so a busy pool never makes it look down. */
export type CircuitProbe = { run: () => Promise<unknown>; close: () => Promise<void> };

/** How long a query may run before the circuit asks whether the database still answers. */
export const suspectAfterMs = 400;

export class DatabaseCircuit {
  private openedAt = 0;
  private reason = "";
  private probing = false;
  private readonly probe: CircuitProbe;
  private readonly logger: Logger | undefined;
  /**
   * Each guarded call's way to give up, while it runs. Not one long-lived promise that every call
   * races: each race would leave its handler on that promise until the circuit opened, and a busy
   * process kept every query's handler (megabytes a second).
   */
  private readonly waiting = new Set<(error: unknown) => void>();

  constructor(probe: CircuitProbe, logger?: Logger) {
    this.probe = probe;
    this.logger = logger;
  }

  /**
   * Races a database call against the circuit: when it opens (another caller found the database
   * gone, or a probe started because this call was slow did), the call is given up at once and
   * its request answered 503, instead of waiting out a frozen server's timeouts.
   */
  guard<T>(call: Promise<T>): Promise<T> {
    const timer = setTimeout(() => this.suspect(), suspectAfterMs);
    return new Promise<T>((resolve, reject) => {
      this.waiting.add(reject);
      call.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        this.waiting.delete(reject);
      });
    });
  }

  /** A call is slow: probe now, and open the circuit if the database does not answer. */
  suspect(): void {
    if (!this.isOpen) this.startProbe();
  }

  close(): Promise<void> {
    return this.probe.close();
  }

  get isOpen(): boolean {
    return this.openedAt !== 0;
  }

  /**
   * Throws at once while the circuit is open (and starts a probe once the cooldown is over);
   * returns when callers may ask the database.
   */
  check(): void {
    if (this.openedAt === 0) return;
    if (Date.now() - this.openedAt >= circuitTimings.cooldownMs) this.startProbe();
    throw new DatabaseUnavailableError(
      `The database is not answering (${this.reason}): not asked again for a moment`,
    );
  }

  /**
   * Opens the circuit when error says the database is gone. A wait that ran out (for a connection
   * from a busy pool, or for a shared read queued behind one) says only that the answer was slow:
   * the probe, on a connection of its own, decides. Any other error changes nothing.
   */
  noteFailure(error: unknown): void {
    if (isSlowAnswer(error)) this.suspect();
    else if (isDatabaseOutage(error)) this.trip(error);
  }

  private trip(error: unknown): void {
    const wasOpen = this.isOpen;
    this.openedAt = Date.now();
    this.reason = describeDatabaseError(error).slice(0, 120);
    if (!wasOpen) {
      const stopped = new DatabaseUnavailableError(
        `The database stopped answering (${this.reason})`,
        { cause: error },
      );
      for (const giveUp of this.waiting) giveUp(stopped);
      this.waiting.clear();
      this.logger?.warn(
        { reason: this.reason },
        "Database not answering: cached pages are served as they are, other requests get 503 until it answers",
      );
    }
  }

  /** Closes the circuit: the database answered. */
  noteSuccess(): void {
    if (!this.isOpen) return;
    this.logger?.info(
      { downMs: Date.now() - this.openedAt },
      "Database answers again: serving normally",
    );
    this.openedAt = 0;
  }

  state(): CircuitState {
    return {
      open: this.isOpen,
      openForMs: this.isOpen ? Date.now() - this.openedAt : 0,
      reason: this.reason,
    };
  }

  private startProbe(): void {
    if (this.probing) return;
    this.probing = true;
    withDeadline(this.probe.run(), circuitTimings.probeDeadlineMs, "The database")
      .then(
        () => this.noteSuccess(),
        // Still (or now) down: refuse at once for another cooldown, then probe again.
        (error: unknown) => this.trip(error),
      )
      .finally(() => {
        this.probing = false;
      });
  }
}

const circuits = new WeakMap<Db, DatabaseCircuit>();

/** Called once by openDatabase. */
export function attachCircuit(db: Db, circuit: DatabaseCircuit): void {
  circuits.set(db, circuit);
}

/** The database's circuit (a transaction's Db has none of its own: its connection is taken). */
export function getCircuit(db: Db): DatabaseCircuit | undefined {
  return circuits.get(db);
}
