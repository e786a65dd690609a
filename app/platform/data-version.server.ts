// The data version: one number that changes whenever anything a public page shows changes, so the
// page cache of every server process sharing the database knows its pages are out of date.
//
// API for stores (content, articles, case studies, anything later issues add):
//   await markDataChanged(trx, "articles")   // inside the write's own transaction
// and, per request, the page cache asks getDataVersion(db), which is cheap:
//   - SQLite: one synchronous read of the version row on the process's own connection (a few
//     microseconds; it sees commits of other processes and of this one).
//   - PostgreSQL: a primary-key read of the version row per request, shared by every request
//     that arrives while one read is under way (so under load it is one query per round trip).
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { Db } from "~/server/db/tables.server";

const versionRow = "site";

/**
 * Records that what public pages show has changed. Call it inside the transaction that writes,
 * so the new version is committed with the data, or not at all.
 * `scope` is for logs and readers of the code ("content", "articles", "case-studies"...).
 */
export async function markDataChanged(trx: Db, _scope?: string): Promise<void> {
  await trx
    .updateTable("data_versions")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: new Date().toISOString() }))
    .where("name", "=", versionRow)
    .execute();
}

type VersionSource = { current(): number | Promise<number> };

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
}

async function readVersionRow(db: Db): Promise<number> {
  const row = await db
    .selectFrom("data_versions")
    .select("version")
    .where("name", "=", versionRow)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/**
 * PostgreSQL: the row is read for every request, but reads are shared: a request waits for the
 * next read that starts after it arrived, so under load one query (a primary-key lookup) serves
 * every request that came in during the previous one. LISTEN/NOTIFY was the first idea and was
 * dropped: a notification can reach another server after the next request does (see ADR 004).
 */
class PostgresVersionSource implements VersionSource {
  private inFlight: Promise<number> | undefined;
  private queued: Promise<number> | undefined;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  current(): Promise<number> {
    if (!this.inFlight) return this.begin();
    // The read under way may have started before this request: wait for the one after it.
    this.queued ??= this.inFlight.then(ignore, ignore).then(() => {
      this.queued = undefined;
      return this.begin();
    });
    return this.queued;
  }

  private begin(): Promise<number> {
    const read = readVersionRow(this.db);
    this.inFlight = read;
    const clear = () => {
      if (this.inFlight === read) this.inFlight = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}

function ignore() {}

/** Called once by openDatabase: how this process learns of changes on this database. */
export function attachDataVersion(
  db: Db,
  engine: { kind: "sqlite"; handle: DatabaseSync } | { kind: "postgres" },
): void {
  const source =
    engine.kind === "sqlite"
      ? new SqliteVersionSource(engine.handle)
      : new PostgresVersionSource(db);
  sources.set(db, source);
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
