// The data version: one number that changes whenever anything a public page shows changes, so the
// page cache of every server process sharing the database knows its pages are out of date.
//
// API for stores (content, articles, case studies, anything later issues add):
//   await markDataChanged(trx, "articles")   // inside the write's own transaction
// and, per request, the page cache asks getDataVersion(db), which is cheap:
//   - SQLite: one synchronous read of the version row on the process's own connection (a few
//     microseconds; it sees commits of other processes and of this one).
//   - PostgreSQL: LISTEN/NOTIFY keeps the number in memory; the row is read again when a
//     notification arrives, for a few seconds after this process wrote, every few seconds as a
//     fallback, and on every request while the listening connection is down.
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { getDialectName } from "~/server/db/dialect.server";
import type { Db } from "~/server/db/tables.server";

const versionRow = "site";
const notifyChannel = "site_data_changed";
/** Even with a live LISTEN connection, the row is read this often, in case a message was lost. */
const fallbackPollMs = 5_000;
/** After a local write, the row is read on every request for this long (covers commit latency). */
const localWriteWindowMs = 10_000;
const reconnectDelayMs = 1_000;

/** Set by markDataChanged in this process; read by every source on its next request. */
let lastLocalWriteAt = 0;

/**
 * Records that what public pages show has changed. Call it inside the transaction that writes,
 * so the new version is committed (and, on PostgreSQL, announced) with the data, or not at all.
 * `scope` is for logs and readers of the code ("content", "articles", "case-studies"...).
 */
export async function markDataChanged(trx: Db, _scope?: string): Promise<void> {
  lastLocalWriteAt = Date.now();
  await trx
    .updateTable("data_versions")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: new Date().toISOString() }))
    .where("name", "=", versionRow)
    .execute();
  if (getDialectName(trx) === "postgres") {
    // Delivered to every listener when (and only if) the transaction commits.
    await sql`select pg_notify(${notifyChannel}, '')`.execute(trx);
  }
  lastLocalWriteAt = Date.now();
}

type VersionSource = {
  current(): number | Promise<number>;
  close(): Promise<void>;
};

const sources = new WeakMap<Db, VersionSource>();

class SqliteVersionSource implements VersionSource {
  private statement: StatementSync | undefined;
  private readonly handle: DatabaseSync;
  constructor(handle: DatabaseSync) {
    this.handle = handle;
  }
  current(): number {
    // Prepared on first use: the table exists only once the migrations have run.
    this.statement ??= this.handle.prepare("select version from data_versions where name = ?");
    const row = this.statement.get(versionRow) as { version: number } | undefined;
    return row ? Number(row.version) : 0;
  }
  async close() {}
}

async function readVersionRow(db: Db): Promise<number> {
  const row = await db
    .selectFrom("data_versions")
    .select("version")
    .where("name", "=", versionRow)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

class PostgresVersionSource implements VersionSource {
  private version = 0;
  private stale = true;
  private readAt = 0;
  private listener: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly db: Db;
  private readonly url: string;

  constructor(db: Db, url: string) {
    this.db = db;
    this.url = url;
    void this.listen();
  }

  private async listen() {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
    this.listener = client;
    const lost = () => {
      if (this.listener !== client) return;
      this.listening = false;
      this.stale = true;
      this.listener = undefined;
      client.end().catch(() => {});
      if (!this.closed) this.reconnectTimer = setTimeout(() => this.listen(), reconnectDelayMs);
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => {
      this.stale = true;
    });
    try {
      await client.connect();
      await client.query(`listen ${notifyChannel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listening = true;
      // Anything written while we were not listening is picked up by the next read.
      this.stale = true;
    } catch {
      lost();
    }
  }

  current(): number | Promise<number> {
    const now = Date.now();
    if (
      !this.stale &&
      this.listening &&
      now - this.readAt < fallbackPollMs &&
      now - lastLocalWriteAt > localWriteWindowMs
    ) {
      return this.version;
    }
    // Cleared before the read: a notification arriving during it marks it stale again.
    this.stale = false;
    return readVersionRow(this.db).then(
      (version) => {
        this.readAt = Date.now();
        this.version = Math.max(this.version, version);
        return this.version;
      },
      (error: unknown) => {
        this.stale = true;
        throw error;
      },
    );
  }

  async close() {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = undefined;
    this.listening = false;
    await client?.end().catch(() => {});
  }
}

/** Called once by openDatabase: how this process learns of changes on this database. */
export function attachDataVersion(
  db: Db,
  engine: { kind: "sqlite"; handle: DatabaseSync } | { kind: "postgres"; url: string },
): void {
  const source =
    engine.kind === "sqlite"
      ? new SqliteVersionSource(engine.handle)
      : new PostgresVersionSource(db, engine.url);
  sources.set(db, source);
  // The listening connection must not keep a stopped server (or a finished test) alive.
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await source.close();
    await destroy();
  };
}

/**
 * The current data version of this database, as cheaply as the engine allows. Rejects when the
 * database cannot be read (PostgreSQL only); callers then render without the cache.
 */
export function getDataVersion(db: Db): number | Promise<number> {
  const source = sources.get(db);
  if (!source) return readVersionRow(db);
  return source.current();
}
