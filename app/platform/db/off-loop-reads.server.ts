// Reads that cannot be made small (a year of Insights, a full export) kept off the event loop: on
// SQLite, whose statements run synchronously, they run in a worker thread on a read-only
// connection of their own; PostgreSQL answers on its own connections anyway.
import { Worker } from "node:worker_threads";
import { type CompiledQuery, type RawBuilder, sql } from "kysely";
import { getDialectName } from "./dialect.server";
import type { Db } from "./tables.server";

/** A worker with no read for this long is ended; the next read starts one again. */
const idleMs = 30_000;
/** Rows a page of a cursor asks PostgreSQL for, whatever the reader takes at a time. */
const serverPageRows = 5_000;
/** A cursor the reader stopped asking for (a download abandoned) is closed after this. */
const cursorIdleMs = 60_000;

// Plain CommonJS run by the worker (eval): the app's bundle cannot be loaded in a worker.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.path, { readOnly: true });
// Blocking on another process's write lock is harmless here: this thread serves nothing else.
db.exec("pragma busy_timeout = 5000");
const cursors = new Map();
const closeCursor = (id) => {
  const cursor = cursors.get(id);
  if (!cursor) return;
  cursors.delete(id);
  clearTimeout(cursor.timer);
  cursor.iterator.return?.();
};
parentPort.on("message", (message) => {
  const { id } = message;
  try {
    if (message.type === "all") {
      const rows = db.prepare(message.sql).all(...message.parameters);
      parentPort.postMessage({ id, rows });
      return;
    }
    if (message.type === "close") {
      closeCursor(message.cursor);
      parentPort.postMessage({ id, rows: [] });
      return;
    }
    let cursor = cursors.get(message.cursor);
    if (!cursor) {
      cursor = { iterator: db.prepare(message.sql).iterate(...message.parameters) };
      cursors.set(message.cursor, cursor);
    }
    clearTimeout(cursor.timer);
    const rows = [];
    let done = false;
    while (rows.length < message.count) {
      const next = cursor.iterator.next();
      if (next.done) { done = true; break; }
      rows.push(next.value);
    }
    if (done) closeCursor(message.cursor);
    else cursor.timer = setTimeout(() => closeCursor(message.cursor), ${cursorIdleMs});
    parentPort.postMessage({ id, rows, done });
  } catch (error) {
    if (message.cursor !== undefined) closeCursor(message.cursor);
    parentPort.postMessage({ id, error: { message: error.message, code: error.code, errcode: error.errcode } });
  }
});
`;

type Reply = {
  id: number;
  rows?: unknown[];
  done?: boolean;
  error?: { message: string; code?: string; errcode?: number };
};
type Request = { type: "all" | "next" | "close"; sql?: string; parameters?: readonly unknown[] };

type Reader = {
  ask: (request: Request & { cursor?: number; count?: number }) => Promise<Reply>;
  nextCursorId: () => number;
};

const readers = new WeakMap<Db, Promise<Reader | undefined>>();

/** A worker reading this SQLite database's file; undefined for an in-memory database. */
async function startReader(db: Db): Promise<Reader | undefined> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const path = rows.find((row) => row.name === "main")?.file;
  if (!path) return undefined;
  let worker: Worker | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let lastId = 0;
  let lastCursor = 0;
  const waiting = new Map<number, (reply: Reply) => void>();
  const failAll = (message: string) => {
    const settles = [...waiting];
    waiting.clear();
    for (const [id, settle] of settles) settle({ id, error: { message } });
  };
  const open = () => {
    const started = new Worker(workerSource, { eval: true, workerData: { path } });
    started.unref();
    started.on("message", (reply: Reply) => {
      const settle = waiting.get(reply.id);
      waiting.delete(reply.id);
      settle?.(reply);
    });
    started.on("error", (error) => failAll(error.message));
    started.on("exit", () => {
      if (worker === started) worker = undefined;
      failAll("The read worker stopped");
    });
    return started;
  };
  return {
    nextCursorId: () => {
      lastCursor += 1;
      return lastCursor;
    },
    ask: (request) => {
      worker ??= open();
      const current = worker;
      clearTimeout(idle);
      lastId += 1;
      const id = lastId;
      return new Promise<Reply>((resolve) => {
        waiting.set(id, (reply) => {
          if (waiting.size === 0) {
            idle = setTimeout(() => {
              if (worker === current) worker = undefined;
              void current.terminate();
            }, idleMs);
            idle.unref();
          }
          resolve(reply);
        });
        current.postMessage({ ...request, id });
      });
    },
  };
}

function getReader(db: Db): Promise<Reader | undefined> {
  if (getDialectName(db) !== "sqlite") return Promise.resolve(undefined);
  let reader = readers.get(db);
  if (!reader) {
    reader = startReader(db);
    readers.set(db, reader);
  }
  return reader;
}

function toError(error: NonNullable<Reply["error"]>): Error {
  return Object.assign(new Error(error.message), { code: error.code, errcode: error.errcode });
}

function rowsOf<R>(reply: Reply): R[] {
  if (reply.error) throw toError(reply.error);
  return (reply.rows ?? []) as R[];
}

/** Every row of a read; on SQLite read in the worker, so the event loop keeps serving. */
export async function readOffLoop<R>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  const compiled: CompiledQuery = query.compile(db);
  const reader = await getReader(db);
  if (!reader) return (await db.executeQuery<R>(compiled)).rows;
  return rowsOf<R>(
    await reader.ask({ type: "all", sql: compiled.sql, parameters: compiled.parameters }),
  );
}

export type ReadCursor<R> = {
  /** The next rows, at most count; fewer (or none) at the end. */
  next: (count: number) => Promise<R[]>;
  close: () => Promise<void>;
};

/**
 * A read's rows a page at a time. On SQLite the worker runs the statement once and hands its rows
 * over as asked; on PostgreSQL each page is the query with that page's limit and offset.
 */
export async function openReadCursor<R>(
  db: Db,
  query: (page?: { limit: number; offset: number }) => RawBuilder<R>,
): Promise<ReadCursor<R>> {
  const reader = await getReader(db);
  if (!reader) {
    // Pages of at least serverPageRows: each is a statement that ranks the whole read again.
    let offset = 0;
    let buffered: R[] = [];
    let done = false;
    return {
      next: async (count) => {
        if (buffered.length < count && !done) {
          const limit = Math.max(count, serverPageRows);
          const { rows } = await query({ limit, offset }).execute(db);
          offset += rows.length;
          done = rows.length < limit;
          buffered = [...buffered, ...rows];
        }
        return buffered.splice(0, count);
      },
      close: async () => {},
    };
  }
  const compiled = query().compile(db);
  const cursor = reader.nextCursorId();
  let done = false;
  return {
    next: async (count) => {
      if (done) return [];
      const reply = await reader.ask({
        type: "next",
        sql: compiled.sql,
        parameters: compiled.parameters,
        cursor,
        count,
      } as Request & { cursor: number; count: number });
      done = reply.done === true || Boolean(reply.error);
      return rowsOf<R>(reply);
    },
    close: async () => {
      if (done) return;
      done = true;
      await reader.ask({ type: "close", cursor } as Request & { cursor: number });
    },
  };
}
