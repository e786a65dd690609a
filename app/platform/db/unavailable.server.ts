// Tells a database that cannot answer now (stopped, frozen, restarting, locked by another
// process, disk full) from a bug, so every layer can answer it the same way: a logged one-line
// 503 with Retry-After, never a crash, a hang or a stack trace per request.
import type { Logger } from "pino";

/** Seconds a client is asked to wait before trying again. */
export const databaseRetryAfterSeconds = 5;
export const databaseUnavailableMessage =
  "The site's database is not available right now. Please try again in a moment.";

/** Thrown by our own drivers when the database did not answer in time (e.g. an outside lock). */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Thrown when a read ran past the time it is allowed (a report's, an export's) and was stopped. */
export class ReadStoppedError extends DatabaseUnavailableError {
  override name = "ReadStoppedError";
}

/** True when the read was stopped for its time: the SQLite reports reader's, PostgreSQL's timeout. */
export function isReadStopped(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof ReadStoppedError || (current as { code?: unknown }).code === "57014") {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** Node's socket errors: the server is gone, refusing or unreachable. */
export const networkCodes: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

// PostgreSQL SQLSTATE classes and codes that mean "not now" rather than "wrong query":
// 08 connection, 53 resources (disk full, too many connections), 57P0x shutdown/restart,
// 57014 statement timeout, 40001/40P01 serialization failure/deadlock, 58 system error.
const postgresClasses = ["08", "53", "58"];
const postgresCodes = new Set(["57P01", "57P02", "57P03", "57014", "40001", "40P01", "25006"]);

// pg's own messages for a lost or never-made connection, and a client-side query timeout.
const postgresMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /connection (?:timeout|closed|ended)/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /terminating connection/i,
];

// SQLite primary result codes: BUSY, LOCKED, NOMEM, READONLY, IOERR, CORRUPT, FULL, CANTOPEN.
const sqliteCodes = new Set([5, 6, 7, 8, 10, 11, 13, 14]);

function matchesOne(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (typeof errcode === "number" && code === "ERR_SQLITE_ERROR") {
    return sqliteCodes.has(errcode & 0xff);
  }
  if (typeof code === "string") {
    if (networkCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) {
      return postgresCodes.has(code) || postgresClasses.includes(code.slice(0, 2));
    }
  }
  return postgresMessages.some((pattern) => pattern.test(error.message));
}

/** True when error (or one of its causes) says the database is unavailable, not that we erred. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (matchesOne(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * True when the database refused a write for want of room: SQLite's SQLITE_FULL ("database or disk
 * is full", also past max_page_count), PostgreSQL's disk_full (53100). Callers that store large
 * values answer it as 507 rather than as an outage.
 */
export function isStorageFullError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, errcode } = current as Error & { code?: unknown; errcode?: unknown };
    if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && (errcode & 0xff) === 13) {
      return true;
    }
    if (code === "53100") return true;
    current = current.cause;
  }
  return false;
}

/** One short line for the log: what failed, never a stack trace per request. */
export function describeDatabaseError(error: unknown): string {
  let current: unknown = error;
  const parts: string[] = [];
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    parts.push(`${typeof code === "string" ? `${code}: ` : ""}${current.message}`);
    current = current.cause;
  }
  return parts.join(" <- ").replace(/\s+/g, " ").slice(0, 300);
}

/** Logs a database outage seen while answering a request, as one warning line. */
export function logDatabaseUnavailable(
  logger: Logger,
  error: unknown,
  request?: { method: string; url: string },
): void {
  logger.warn(
    {
      reason: describeDatabaseError(error),
      ...(request ? { method: request.method, url: request.url } : {}),
    },
    "Database unavailable: answered 503",
  );
}

/**
 * Logs a failed database call that the caller answers itself (a fallback, a retry): an outage as
 * one warning line with the reason, anything else as an error with its stack.
 */
export function logDatabaseError(logger: Logger, error: unknown, message: string): void {
  if (isDatabaseUnavailable(error)) logger.warn({ reason: describeDatabaseError(error) }, message);
  else logger.error({ err: error }, message);
}
