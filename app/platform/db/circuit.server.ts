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
  /connection terminated|timeout exceeded when trying to connect|query read timeout|connection (?:timeout|closed|ended)|not queryable|starting up|shutting down|within \d+ ms/i;

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

/** Rejects with a DatabaseUnavailableError when promise has not settled within ms. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`${what} did not answer within ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
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
  private opened = createSignal();

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
    return Promise.race([call, this.opened.promise]).finally(() => clearTimeout(timer));
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

  /** Opens the circuit when error says the database is gone; any other error changes nothing. */
  noteFailure(error: unknown): void {
    if (!isDatabaseOutage(error)) return;
    this.trip(error);
  }

  private trip(error: unknown): void {
    const wasOpen = this.isOpen;
    this.openedAt = Date.now();
    this.reason = describeDatabaseError(error).slice(0, 120);
    if (!wasOpen) {
      const { reject } = this.opened;
      this.opened = createSignal();
      reject(
        new DatabaseUnavailableError(`The database stopped answering (${this.reason})`, {
          cause: error,
        }),
      );
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

type Signal = { promise: Promise<never>; reject: (error: unknown) => void };

function createSignal(): Signal {
  let reject!: (error: unknown) => void;
  const promise = new Promise<never>((_resolve, fail) => {
    reject = fail;
  });
  // Nobody may be racing against it when it fires.
  promise.catch(() => {});
  return { promise, reject };
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
