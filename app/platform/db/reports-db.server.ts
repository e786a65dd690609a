// The database handle for heavy admin reads (reports, exports, full lists): on SQLite a read-only
// connection on worker threads, on PostgreSQL a small pool of its own with a longer statement
// timeout; either way a long read neither holds the event loop nor takes the site's connections.
import type { Db } from "./tables.server";

/** Connections for heavy reads, and the longest one may run before it is stopped (a 503). */
export const reportsDefaults = { connections: 2, timeoutMs: 15_000 };

const reportsOf = new WeakMap<Db, Db>();

/** Set by openDatabase: the heavy-read handle opened beside db, destroyed with it. */
export function attachReportsDb(db: Db, reports: Db): void {
  reportsOf.set(db, reports);
}

/**
 * The handle for heavy reads opened beside db; db itself when it has none (an in-memory SQLite
 * database, which another connection cannot see). Read-only on SQLite: writes go through db.
 */
export function getReportsDb(db: Db): Db {
  return reportsOf.get(db) ?? db;
}
