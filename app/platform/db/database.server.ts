// Opens the site's database from DATABASE_URL: the one place that chooses between embedded SQLite
// (node:sqlite) and PostgreSQL (pg). Everything else talks to Kysely and does not know which.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { attachDataVersion } from "~/platform/data-version.server";
import { attachCircuit, type CircuitProbe, DatabaseCircuit } from "./circuit.server";
import { NamedPostgresDialect } from "./dialect.server";
import { migrateToLatest } from "./migrate.server";
import { NodeSqliteDialect } from "./node-sqlite-dialect.server";
import { isDatabasePriority } from "./priority-lane.server";
import type { Db } from "./tables.server";
import {
  DatabaseUnavailableError,
  describeDatabaseError,
  isDatabaseUnavailable,
  isStorageFullError,
} from "./unavailable.server";

/** Older SQLite releases have WAL-reset and other data-loss bugs fixed in 3.51.3. */
export const minimumSqliteVersion = "3.51.3";

export class DatabaseSetupError extends Error {
  override name = "DatabaseSetupError";
}

export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * How long opening waits for another process's hold on the file: its own open, WAL recovery, or the
 * checkpoint that ends its last connection. A command started beside the site or the daily backup
 * meets one now and then; a wait at open blocks nothing yet.
 */
const sqliteOpenWaitMs = 5_000;

function openSqlite(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const describeFailure = (error: unknown) =>
    `Cannot open the SQLite database ${resolve(path)}: ${(error as Error).message}`;
  let sqlite: DatabaseSync;
  try {
    sqlite = new DatabaseSync(path, { timeout: sqliteOpenWaitMs });
  } catch (error) {
    throw new DatabaseSetupError(`${describeFailure(error)} (can this user write its folder?)`);
  }
  let version: string;
  try {
    ({ version } = sqlite.prepare("select sqlite_version() as version").get() as {
      version: string;
    });
    sqlite.exec("pragma journal_mode = wal");
  } catch (error) {
    sqlite.close();
    throw new DatabaseSetupError(describeFailure(error));
  }
  if (compareVersions(version, minimumSqliteVersion) < 0) {
    sqlite.close();
    throw new DatabaseSetupError(
      `SQLite ${version} is too old: ${minimumSqliteVersion} or newer is required (use Node.js 24.7 or newer)`,
    );
  }
  // No busy timeout: node:sqlite is synchronous, so SQLite's own wait blocks the event loop (even
  // 10 ms costs 20-90 ms per attempt); the dialect retries a locked write asynchronously instead.
  sqlite.exec("pragma busy_timeout = 0");
  sqlite.exec("pragma foreign_keys = on");
  sqlite.exec("pragma synchronous = normal");
  const db: Db = new Kysely({ dialect: new NodeSqliteDialect(sqlite) });
  attachDataVersion(db, { kind: "sqlite", handle: sqlite });
  return db;
}

/**
 * Every wait on PostgreSQL is bounded, so a stopped or frozen server costs a request seconds, not
 * minutes: connecting and waiting for a free pool client (connectionTimeoutMillis is both in pg's
 * pool), each query on the client side (a frozen server never answers), each statement on the
 * server side, and an idle transaction.
 */
export const postgresTimeouts = {
  connectMs: 3_000,
  queryMs: 6_000,
  statementMs: 5_000,
  idleInTransactionMs: 10_000,
};

/**
 * Kysely's view of the pg pool, where a client whose query failed because the server went away or
 * did not answer is destroyed on release instead of being handed to the next request: after a
 * client-side query timeout its connection still waits for the old answer.
 */
function wrapPool(
  { pool, priorityPool }: { pool: pg.Pool; priorityPool: pg.Pool },
  circuit: DatabaseCircuit,
): PostgresPool {
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let broken = false;
    const query = (...args: unknown[]) => {
      // A client given up on (its server stopped answering) takes nothing more, not even the
      // transaction's rollback: that would wait out the frozen server's timeout too.
      if (broken) {
        return Promise.reject(new DatabaseUnavailableError("The database connection was given up"));
      }
      const result = (client.query as (...a: unknown[]) => unknown).apply(client, args);
      if (result instanceof Promise) {
        return circuit.guard(result).catch((error: unknown) => {
          // A full disk refuses the write, not the connection: the rollback still runs on it.
          if (isDatabaseUnavailable(error) && !isStorageFullError(error)) broken = true;
          circuit.noteFailure(error);
          throw error;
        });
      }
      return result;
    };
    return {
      // Kysely cancels a running query by this id when a request is aborted.
      processID: (client as pg.PoolClient & { processID?: number }).processID,
      query: query as PostgresPoolClient["query"],
      release(destroy?: boolean) {
        client.release(Boolean(destroy) || broken);
      },
    };
  };
  return {
    options: pool.options,
    // While the circuit is open nobody waits for a connection: the answer is a 503 at once.
    connect: async () => {
      circuit.check();
      const connecting = (isDatabasePriority() ? priorityPool : pool).connect();
      try {
        return wrap(await circuit.guard(connecting));
      } catch (error) {
        circuit.noteFailure(error);
        // A connection that arrives after the request gave up goes back to the pool.
        connecting.then(
          (client) => client.release(),
          () => {},
        );
        throw error;
      }
    },
    end: async () => {
      await circuit.close();
      await Promise.all([pool.end(), priorityPool.end()]);
    },
  };
}

/** The probe's connection, as PostgreSQL lists it (pg_stat_activity). */
export const probeApplicationName = "site-circuit-probe";

/**
 * The circuit's probe: `select 1` on a connection of its own, past the circuit's gate and the
 * pool's queue, so a pool busy with slow queries never makes a healthy database look down. The
 * connection is opened with the database (`warm`), not when a query is slow: on a busy machine a
 * new connection can take longer than the probe's deadline while the database answers at once.
 */
function createProbe(url: string): CircuitProbe & { warm: () => void } {
  let client: pg.Client | undefined;
  const drop = (dropped: pg.Client) => {
    if (client === dropped) client = undefined;
    dropped.end().catch(() => {});
  };
  const probe = {
    async run() {
      let current = client;
      if (!current) {
        const fresh = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: postgresTimeouts.connectMs,
          query_timeout: postgresTimeouts.queryMs,
          // Kept for the process's life: a peer that vanished without closing is noticed.
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
          application_name: probeApplicationName,
        });
        fresh.on("error", () => drop(fresh));
        client = current = fresh;
        await fresh.connect().catch((error: unknown) => {
          drop(fresh);
          throw error;
        });
      }
      const probed = current;
      await probed.query("select 1").catch((error: unknown) => {
        drop(probed);
        throw error;
      });
    },
    async close() {
      if (client) drop(client);
    },
    warm() {
      // A database down at open is found out by the first slow query, as it would be later.
      if (!client) probe.run().catch(() => {});
    },
  };
  return probe;
}

/** Connections of the main pool, and of the priority lane's beside it (priority-lane.server). */
export const postgresPoolSizes = { main: 10, priority: 2 };

function openPostgres(url: string, logger?: Logger): Db {
  const openPool = (max: number) =>
    new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: postgresTimeouts.connectMs,
      query_timeout: postgresTimeouts.queryMs,
      statement_timeout: postgresTimeouts.statementMs,
      idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionMs,
      // A peer that vanished without closing (host down, network cut) is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
  const pool = openPool(postgresPoolSizes.main);
  const priorityPool = openPool(postgresPoolSizes.priority);
  const onError = (error: Error) => {
    logger?.warn({ reason: describeDatabaseError(error) }, "Database connection lost");
  };
  // pg's pool listens on idle clients only; a client in use that loses its server (a restart)
  // emits 'error' too, and an unheard 'error' event ends the process. Every client gets a listener.
  for (const each of [pool, priorityPool]) {
    each.on("error", onError);
    each.on("connect", (client) => client.on("error", onError));
  }
  const probe = createProbe(url);
  probe.warm();
  const circuit = new DatabaseCircuit(probe, logger);
  const db: Db = new Kysely({
    dialect: new NamedPostgresDialect({ pool: wrapPool({ pool, priorityPool }, circuit) }),
  });
  attachCircuit(db, circuit);
  attachDataVersion(db, { kind: "postgres" });
  return db;
}

/**
 * Opens (creating if needed) the database as it is, schema untouched: for tests that run the
 * migrations one by one over data written in between.
 */
export function openDatabaseAsIs(url: string, logger?: Logger): Db {
  return url.startsWith("file:")
    ? openSqlite(url.slice("file:".length))
    : openPostgres(url, logger);
}

/**
 * Opens (creating if needed) the database and brings its schema up to date. `quiet`: a worker's
 * open, whose primary has already warned of migrations this release does not know.
 */
export async function openDatabase(
  url: string,
  logger?: Logger,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<Db> {
  const db = openDatabaseAsIs(url, logger);
  try {
    await migrateToLatest(db, { logger, quiet });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
