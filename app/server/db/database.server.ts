// Opens the site's database from DATABASE_URL: the one place that chooses between embedded SQLite
// (node:sqlite) and PostgreSQL (pg). Everything else talks to Kysely and does not know which.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { attachDataVersion } from "~/platform/data-version.server";
import { migrateToLatest } from "./migrate.server";
import { NodeSqliteDialect } from "./node-sqlite-dialect.server";
import type { Db } from "./tables.server";

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

function openSqlite(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new DatabaseSync(path);
  const { version } = sqlite.prepare("select sqlite_version() as version").get() as {
    version: string;
  };
  if (compareVersions(version, minimumSqliteVersion) < 0) {
    sqlite.close();
    throw new DatabaseSetupError(
      `SQLite ${version} is too old: ${minimumSqliteVersion} or newer is required (use Node.js 24.7 or newer)`,
    );
  }
  sqlite.exec("pragma journal_mode = wal");
  sqlite.exec("pragma busy_timeout = 5000");
  sqlite.exec("pragma foreign_keys = on");
  sqlite.exec("pragma synchronous = normal");
  const db: Db = new Kysely({ dialect: new NodeSqliteDialect(sqlite) });
  attachDataVersion(db, { kind: "sqlite", handle: sqlite });
  return db;
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  attachDataVersion(db, { kind: "postgres" });
  return db;
}

/** Opens (creating if needed) the database and brings its schema up to date. */
export async function openDatabase(url: string): Promise<Db> {
  const db = url.startsWith("file:") ? openSqlite(url.slice("file:".length)) : openPostgres(url);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
