// A Kysely dialect over Node's built-in node:sqlite (no native addon to compile): one connection,
// transactions kept apart from other requests' statements, locks from other processes waited
// out asynchronously so the event loop never blocks for long.
import type { DatabaseSync } from "node:sqlite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { NamedAdapter } from "./dialect.server";
import { DatabaseUnavailableError } from "./unavailable.server";

/**
 * Longest a request waits on locks, counted from when it asked: its turn behind this process's
 * other transactions and another process's write lock together. Counted per request, not per
 * step, so saves queued behind a held lock all get their 503 within this, not one after another.
 */
export const sqliteLockWaitMs = 1_000;
const maxRetryDelayMs = 50;

function lockedError(cause?: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError(
    `The SQLite database stayed locked for ${sqliteLockWaitMs} ms (another process or a long write)`,
    { cause },
  );
}

/** Waits for promise to settle until deadline (epoch ms); true when it settled in time. */
async function settlesBefore(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function isBusy(error: unknown): boolean {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with or without an extended code.
  return (
    code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && [5, 6].includes(errcode & 0xff)
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class NodeSqliteConnection implements DatabaseConnection {
  private readonly driver: NodeSqliteDriver;
  constructor(driver: NodeSqliteDriver) {
    this.driver = driver;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.runStatement(this, () => this.driver.runSync<R>(query));
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported; the method must exist.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported by the node:sqlite driver");
  }
}

/**
 * One node:sqlite connection shared by every request. node:sqlite is synchronous, so a single
 * statement never interleaves with another; what needs guarding is a transaction, whose
 * statements are spread over several ticks: while one is open, other requests' statements wait
 * for it to end. A statement that finds the database locked by another process is retried after
 * a short async pause (the event loop keeps serving, reads go on in WAL mode); a request that has
 * waited sqliteLockWaitMs in all gives up with a DatabaseUnavailableError.
 */
class NodeSqliteDriver implements Driver {
  private readonly db: DatabaseSync;
  private readonly onDestroy: (() => Promise<void>) | undefined;
  /** Transactions run one at a time: each waits for the previous one's end. */
  private transactionQueue: Promise<void> = Promise.resolve();
  private openTransaction:
    | { connection: NodeSqliteConnection; ended: Promise<void>; end: () => void }
    | undefined;

  constructor(db: DatabaseSync, onDestroy?: () => Promise<void>) {
    this.db = db;
    this.onDestroy = onDestroy;
  }

  async init(): Promise<void> {}

  runSync<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.db.prepare(query.sql);
    const parameters = query.parameters as never[];
    if (statement.columns().length > 0) {
      return { rows: statement.all(...parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async runStatement<T>(
    connection: NodeSqliteConnection,
    run: () => T,
    deadline = Date.now() + sqliteLockWaitMs,
  ): Promise<T> {
    let delay = 2;
    for (;;) {
      while (this.openTransaction && this.openTransaction.connection !== connection) {
        if (!(await settlesBefore(this.openTransaction.ended, deadline))) throw lockedError();
      }
      try {
        return run();
      } catch (error) {
        if (!isBusy(error)) throw error;
        const left = deadline - Date.now();
        if (left <= 0) throw lockedError(error);
        await sleep(Math.min(delay, left));
        delay = Math.min(delay * 2, maxRetryDelayMs);
      }
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new NodeSqliteConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + sqliteLockWaitMs;
    const previous = this.transactionQueue;
    let release!: () => void;
    this.transactionQueue = new Promise((resolve) => {
      release = resolve;
    });
    if (!(await settlesBefore(previous, deadline))) {
      // Gives up its place without breaking the queue: the next one waits for the previous too.
      previous.then(release);
      throw lockedError();
    }
    const owner = connection as NodeSqliteConnection;
    try {
      // Until it succeeds no transaction is open, so other requests' statements run meanwhile.
      await this.runStatement(owner, () => this.db.exec("begin immediate"), deadline);
    } catch (error) {
      release();
      throw error;
    }
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = () => {
        this.openTransaction = undefined;
        release();
        resolve();
      };
    });
    this.openTransaction = { connection: owner, ended, end };
  }

  private endTransaction(connection: DatabaseConnection): void {
    if (this.openTransaction?.connection === connection) this.openTransaction.end();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.runStatement(connection as NodeSqliteConnection, () => this.db.exec("commit"));
    } catch (error) {
      // A commit that cannot finish must not leave the transaction open for every later request.
      if (this.db.isTransaction) this.db.exec("rollback");
      throw error;
    } finally {
      this.endTransaction(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.db.isTransaction) this.db.exec("rollback");
    } finally {
      this.endTransaction(connection);
    }
  }

  async destroy(): Promise<void> {
    await this.onDestroy?.();
    if (this.db.isOpen) this.db.close();
  }
}

/**
 * Kysely's SQLite adapter makes every query wait for the previous one's connection; this driver
 * keeps transactions apart itself, so a write waiting out another process's lock must not hold
 * up the reads behind it.
 */
export class NodeSqliteAdapter extends SqliteAdapter implements NamedAdapter {
  readonly dialectName = "sqlite";

  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export class NodeSqliteDialect implements Dialect {
  private readonly db: DatabaseSync;
  private readonly onDestroy: (() => Promise<void>) | undefined;
  /** onDestroy: what else ends with this database (its reports' reader). */
  constructor(db: DatabaseSync, { onDestroy }: { onDestroy?: () => Promise<void> } = {}) {
    this.db = db;
    this.onDestroy = onDestroy;
  }

  createAdapter() {
    return new NodeSqliteAdapter();
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.db, this.onDestroy);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
