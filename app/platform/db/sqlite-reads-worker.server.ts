// A read-only Kysely dialect over node:sqlite whose statements run on worker threads, each with its
// own connection: a long read (a report, an export) runs there while the event loop keeps serving,
// and WAL lets it read while the site's own connection writes.
import { Worker } from "node:worker_threads";
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
} from "kysely";
import { SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import { NodeSqliteAdapter } from "./node-sqlite-dialect.server";
import { DatabaseUnavailableError, ReadStoppedError } from "./unavailable.server";

/**
 * The worker's code, kept as text and run with `eval`: the server build bundles every module into
 * one file, so a worker file of its own would not be there. CommonJS, Node's built-ins only.
 * A query's rows come back a slice at a time, each asked for: the main thread takes each slice as
 * one message, so copying a large result never holds the loop for more than a slice.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.path, { readOnly: true, timeout: workerData.busyMs });
let cursor;
function sendSlice(id, size) {
  const rows = [];
  while (rows.length < size) {
    const next = cursor.next();
    if (next.done) { cursor = undefined; parentPort.postMessage({ id, rows, done: true }); return; }
    rows.push(next.value);
  }
  parentPort.postMessage({ id, rows, done: false });
}
parentPort.on("message", (message) => {
  const { id } = message;
  try {
    if (message.op === "query") {
      cursor?.return?.();
      const statement = db.prepare(message.sql);
      if (statement.columns().length === 0) {
        cursor = undefined;
        const { changes } = statement.run(...message.parameters);
        parentPort.postMessage({ id, rows: [], done: true, changes: Number(changes) });
        return;
      }
      cursor = statement.iterate(...message.parameters);
      sendSlice(id, message.size);
    } else if (message.op === "more") {
      sendSlice(id, message.size);
    } else {
      cursor?.return?.();
      cursor = undefined;
      parentPort.postMessage({ id, rows: [], done: true });
    }
  } catch (error) {
    cursor = undefined;
    parentPort.postMessage({ id, error: { message: error.message, code: error.code, errcode: error.errcode, errstr: error.errstr } });
  }
});
`;

/** Rows copied from a worker in one message. */
const sliceRows = 1_000;

type Reply = { rows: unknown[]; done: boolean; changes?: number; error?: Record<string, unknown> };
type Message = { op: "query"; sql: string; parameters: unknown[] } | { op: "more" | "close" };

export type SqliteReadsOptions = {
  path: string;
  /** Worker threads (connections) at most; each is started when first needed. */
  connections: number;
  /** Longest a query may take, slices included, and a wait for a free connection. */
  timeoutMs: number;
};

function readError(timeoutMs: number, what: string): ReadStoppedError {
  return new ReadStoppedError(
    `The report's read ${what} longer than ${timeoutMs / 1000} s and was stopped`,
  );
}

class WorkerConnection implements DatabaseConnection {
  private readonly worker: Worker;
  private readonly timeoutMs: number;
  private nextId = 0;
  private waiting: { id: number; settle: (reply: Reply | Error) => void } | undefined;
  /** False once the worker was stopped or failed: the pool drops the connection. */
  usable = true;

  constructor({ path, timeoutMs }: SqliteReadsOptions) {
    this.timeoutMs = timeoutMs;
    this.worker = new Worker(workerSource, { eval: true, workerData: { path, busyMs: 1_000 } });
    this.worker.unref();
    this.worker.on("message", (reply: Reply & { id: number }) => {
      if (this.waiting?.id === reply.id) this.waiting.settle(reply);
    });
    const fail = (error: Error) => {
      this.usable = false;
      this.waiting?.settle(
        new DatabaseUnavailableError("The reports' reader stopped", { cause: error }),
      );
    };
    this.worker.on("error", fail);
    this.worker.on("exit", () => fail(new Error("exited")));
  }

  /** One message to the worker and its reply; the worker is stopped if the query overruns. */
  private ask(message: Message & { size?: number }, deadline: number): Promise<Reply> {
    if (!this.usable) {
      return Promise.reject(new DatabaseUnavailableError("The reports' reader stopped"));
    }
    const id = ++this.nextId;
    // Referenced only while asked: an idle reader keeps no process alive.
    this.worker.ref();
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.usable = false;
          void this.worker.terminate();
          settle(readError(this.timeoutMs, "took"));
        },
        Math.max(0, deadline - Date.now()),
      );
      const settle = (reply: Reply | Error) => {
        clearTimeout(timer);
        this.waiting = undefined;
        this.worker.unref();
        if (reply instanceof Error) return reject(reply);
        if (reply.error)
          return reject(Object.assign(new Error(String(reply.error.message)), reply.error));
        resolve(reply);
      };
      this.waiting = { id, settle };
      this.worker.postMessage({ ...message, id, size: message.size ?? sliceRows });
    });
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.timeoutMs;
    const rows: R[] = [];
    let reply = await this.ask(
      { op: "query", sql: query.sql, parameters: [...query.parameters] },
      deadline,
    );
    for (;;) {
      for (const row of reply.rows) rows.push(row as R);
      if (reply.done) break;
      reply = await this.ask({ op: "more" }, deadline);
    }
    return reply.changes === undefined
      ? { rows }
      : { rows, numAffectedRows: BigInt(reply.changes) };
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const deadline = () => Date.now() + this.timeoutMs;
    let reply = await this.ask(
      { op: "query", sql: query.sql, parameters: [...query.parameters], size: chunkSize },
      deadline(),
    );
    try {
      for (;;) {
        yield { rows: reply.rows as R[] };
        if (reply.done) return;
        reply = await this.ask({ op: "more", size: chunkSize }, deadline());
      }
    } finally {
      if (!reply.done && this.usable) await this.ask({ op: "close" }, deadline());
    }
  }

  stop(): Promise<number> {
    this.usable = false;
    return this.worker.terminate();
  }
}

/** A few worker connections, each lent to one query (or transaction) at a time. */
class WorkerPoolDriver implements Driver {
  private readonly options: SqliteReadsOptions;
  private readonly idle: WorkerConnection[] = [];
  private readonly all = new Set<WorkerConnection>();
  private readonly queue: Array<(connection: WorkerConnection) => void> = [];

  constructor(options: SqliteReadsOptions) {
    this.options = options;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    for (let next = this.idle.pop(); next; next = this.idle.pop()) {
      if (next.usable) return next;
      this.all.delete(next);
    }
    if (this.all.size < this.options.connections) {
      const connection = new WorkerConnection(this.options);
      this.all.add(connection);
      return connection;
    }
    return new Promise((resolve, reject) => {
      const take = (connection: WorkerConnection) => {
        clearTimeout(timer);
        resolve(connection);
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(take), 1);
        reject(readError(this.options.timeoutMs, "waited"));
      }, this.options.timeoutMs);
      this.queue.push(take);
    });
  }

  async releaseConnection(released: DatabaseConnection): Promise<void> {
    let connection = released as WorkerConnection;
    if (!connection.usable) {
      this.all.delete(connection);
      if (this.queue.length === 0) return;
      connection = new WorkerConnection(this.options);
      this.all.add(connection);
    }
    const next = this.queue.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return this.run(connection, "begin");
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.run(connection, "commit");
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.run(connection, "rollback");
  }

  private async run(connection: DatabaseConnection, sql: string): Promise<void> {
    await connection.executeQuery({ sql, parameters: [] } as unknown as CompiledQuery);
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.all].map((connection) => connection.stop()));
    this.all.clear();
    this.idle.length = 0;
  }
}

/** Read-only SQLite on worker threads: for a Kysely instance that reports and exports use. */
export class SqliteReadsDialect implements Dialect {
  private readonly options: SqliteReadsOptions;
  constructor(options: SqliteReadsOptions) {
    this.options = options;
  }

  createAdapter() {
    return new NodeSqliteAdapter();
  }

  createDriver(): Driver {
    return new WorkerPoolDriver(this.options);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
