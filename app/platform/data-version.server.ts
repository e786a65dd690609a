// The data version: one number that changes whenever anything a public page shows or answers
// changes, so every process's page cache knows its pages are out of date, plus the run of changes
// that were redirect rules alone, which leave kept pages as they are. Stores call markDataChanged
// (or markRulesChanged) inside their write's transaction; the page cache asks getDataVersion per
// request (cheap on both engines).
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { sql } from "kysely";
import { getCircuit, withDeadline } from "./db/circuit.server";
import type { Db } from "./db/tables.server";

const versionRow = "site";

/**
 * The versions a request is answered at. `site` moves with every change; `pages` moves with every
 * change but the redirect rules' (a rule answers before any page, and no page shows the rules), so
 * a page kept at `pages` is still right after a rule change, unless a rule now takes its address.
 */
export type DataVersions = { site: number; pages: number };

/**
 * Records that what public pages show has changed. Call it inside the transaction that writes,
 * so the new version is committed with the data, or not at all. Ends any run of rule changes.
 * `scope` is for logs and readers of the code ("content", "articles", "case-studies"...).
 */
export async function markDataChanged(trx: Db, _scope?: string): Promise<void> {
  await trx
    .updateTable("data_versions")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: new Date().toISOString() }))
    .where("name", "=", versionRow)
    .execute();
}

/**
 * Records a change of the owner's redirect rules alone: the site version moves (the rules are read
 * again everywhere) and the run of rule-only changes grows, so the pages version stays. In the
 * write's transaction, like markDataChanged. SET reads the row as it was before the update.
 */
export async function markRulesChanged(trx: Db): Promise<void> {
  await trx
    .updateTable("data_versions")
    .set({
      rules_only_from: sql<number>`case when rules_only_to = version then rules_only_from else version end`,
      version: sql<number>`version + 1`,
      rules_only_to: sql<number>`version + 1`,
      changed_at: new Date().toISOString(),
    })
    .where("name", "=", versionRow)
    .execute();
}

type VersionRow = { version: number; rules_only_from: number; rules_only_to: number };

/** The pages version is the run's start while the run holds, else the site version. */
function toVersions(row: VersionRow | undefined): DataVersions {
  if (!row) return { site: 0, pages: 0 };
  const site = Number(row.version);
  const runHolds = Number(row.rules_only_to) === site;
  return { site, pages: runHolds ? Number(row.rules_only_from) : site };
}

/** How a caller may be answered: sameBatch allows the read made for this event-loop turn. */
export type VersionReadOptions = { sameBatch?: boolean };

type VersionSource = {
  current(options?: VersionReadOptions): DataVersions | Promise<DataVersions>;
};

/**
 * Longest a shared read is reused, whatever the event loop does: a bound on the argument below,
 * far shorter than any save's round trip from a browser.
 */
const batchReadMaxAgeMs = 1;

const sources = new WeakMap<Db, VersionSource>();

class SqliteVersionSource implements VersionSource {
  private statement: StatementSync | undefined;
  private readonly handle: DatabaseSync;
  private readonly db: Db;
  constructor(handle: DatabaseSync, db: Db) {
    this.handle = handle;
    this.db = db;
  }
  private batchVersion: DataVersions | undefined;
  private batchReadAt = 0;
  private batchEndScheduled = false;

  current(options: VersionReadOptions = {}): DataVersions | Promise<DataVersions> {
    // The connection is shared: while a transaction is open on it, a raw read would see that
    // transaction's uncommitted bump, and a page rendered from the committed data could be kept
    // under the new version (and served after a rollback and a later real bump). Read through the
    // driver then, which waits for the transaction to end; otherwise the synchronous read.
    if (this.handle.isTransaction) return readVersionRow(this.db);
    // The read costs more than the rest of a cache hit. Cache hits are answered from the poll
    // phase, where Node handles the sockets the kernel reported ready when the phase began: every
    // request of that batch had arrived before the batch's first read of the version, so none can
    // have been sent after a save that read did not see, and they share it. The batch ends at
    // setImmediate (the check phase, right after the poll phase); the age bound covers a read made
    // in any other phase.
    if (
      options.sameBatch &&
      this.batchVersion !== undefined &&
      performance.now() - this.batchReadAt < batchReadMaxAgeMs
    ) {
      return this.batchVersion;
    }
    // Prepared on first use: the table exists only once the migrations have run.
    this.statement ??= this.handle.prepare(
      "select version, rules_only_from, rules_only_to from data_versions where name = ?",
    );
    const version = toVersions(this.statement.get(versionRow) as VersionRow | undefined);
    if (!options.sameBatch) return version;
    this.batchVersion = version;
    this.batchReadAt = performance.now();
    if (!this.batchEndScheduled) {
      this.batchEndScheduled = true;
      setImmediate(() => {
        this.batchEndScheduled = false;
        this.batchVersion = undefined;
      });
    }
    return version;
  }
}

async function readVersionRow(db: Db): Promise<DataVersions> {
  const row = await db
    .selectFrom("data_versions")
    .select(["version", "rules_only_from", "rules_only_to"])
    .where("name", "=", versionRow)
    .executeTakeFirst();
  return toVersions(row);
}

/**
 * PostgreSQL: the row is read for every request, but reads are shared: a request waits for the
 * next read that starts after it arrived, so under load one query (a primary-key lookup) serves
 * every request that came in during the previous one. LISTEN/NOTIFY was the first idea and was
 * dropped: a notification can reach another server after the next request does (see ADR 004).
 */
class PostgresVersionSource implements VersionSource {
  private inFlight: Promise<DataVersions> | undefined;
  private queued: Promise<DataVersions> | undefined;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  current(): Promise<DataVersions> {
    const circuit = getCircuit(this.db);
    try {
      circuit?.check();
    } catch (error) {
      return Promise.reject(error);
    }
    return withDeadline(this.next(), versionReadDeadlineMs, "The data version read").then(
      (version) => {
        circuit?.noteSuccess();
        return version;
      },
      (error: unknown) => {
        circuit?.noteFailure(error);
        throw error;
      },
    );
  }

  private next(): Promise<DataVersions> {
    if (!this.inFlight) return this.begin();
    // The read under way may have started before this request: wait for the one after it.
    this.queued ??= this.inFlight.then(ignore, ignore).then(() => {
      this.queued = undefined;
      return this.begin();
    });
    return this.queued;
  }

  private begin(): Promise<DataVersions> {
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

/**
 * Longest a request waits for the version (a primary-key read that takes a millisecond). Past it
 * the database counts as not answering: the circuit opens, cached pages are served as they are and
 * everything else is answered 503 at once until a probe finds the database back.
 */
export const versionReadDeadlineMs = 500;

/** Called once by openDatabase: how this process learns of changes on this database. */
export function attachDataVersion(
  db: Db,
  engine: { kind: "sqlite"; handle: DatabaseSync } | { kind: "postgres" },
): void {
  const source =
    engine.kind === "sqlite"
      ? new SqliteVersionSource(engine.handle, db)
      : new PostgresVersionSource(db);
  sources.set(db, source);
}

/**
 * The current data versions of this database, as cheaply as the engine allows. Throws or rejects
 * when the database cannot be read, at once while its circuit is open; callers then serve the
 * page they keep, if any, as it is. SQLite: one synchronous read on the process's own connection
 * (waiting for this process's open transaction, if any); cache hits ask with { sameBatch: true } and
 * share one read per event-loop turn. PostgreSQL: one primary-key read, shared by every request
 * arriving while it is under way.
 */
export function getDataVersion(
  db: Db,
  options?: VersionReadOptions,
): DataVersions | Promise<DataVersions> {
  const source = sources.get(db);
  if (!source) return readVersionRow(db);
  return source.current(options);
}
