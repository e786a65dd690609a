// Reads that cannot be made small (a year of Insights, a full export) through the heavy-read
// handle: on SQLite a worker thread's own read-only connection, so the event loop keeps serving;
// on PostgreSQL the reports pool with its statement timeout. A cursor hands a ranked read's rows
// over a page at a time.
import type { RawBuilder } from "kysely";
import { getDialectName } from "./dialect.server";
import { getReportsDb } from "./reports-db.server";
import type { Db } from "./tables.server";

/** Rows a page of a cursor asks PostgreSQL for, whatever the reader takes at a time. */
const serverPageRows = 5_000;
/** Rows the SQLite worker hands over per message. */
const workerSliceRows = 500;

/** Every row of a read, read through the heavy-read handle. */
export async function readOffLoop<R>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(getReportsDb(db))).rows;
}

export type ReadCursor<R> = {
  /** The next rows, at most count; fewer (or none) at the end. */
  next: (count: number) => Promise<R[]>;
  close: () => Promise<void>;
};

/** Takes rows from a source of pages count at a time, asking for a page when it runs short. */
function bufferPages<R>(
  readPage: () => Promise<R[] | undefined>,
  close: () => Promise<void>,
): ReadCursor<R> {
  let buffered: R[] = [];
  let done = false;
  return {
    next: async (count) => {
      while (buffered.length < count && !done) {
        const page = await readPage();
        if (page === undefined) done = true;
        else buffered = buffered.concat(page);
      }
      return buffered.splice(0, count);
    },
    close: async () => {
      done = true;
      await close();
    },
  };
}

/**
 * A read's rows a page at a time. On SQLite the worker runs the statement once and hands its rows
 * over as asked; on PostgreSQL each page is the query with that page's limit and offset.
 */
export async function openReadCursor<R>(
  db: Db,
  query: (page?: { limit: number; offset: number }) => RawBuilder<R>,
): Promise<ReadCursor<R>> {
  const reports = getReportsDb(db);
  if (getDialectName(db) === "sqlite" && reports !== db) {
    const stream = reports.getExecutor().stream<R>(query().compile(reports), workerSliceRows);
    return bufferPages(
      async () => {
        const next = await stream.next();
        return next.done ? undefined : next.value.rows;
      },
      async () => {
        await stream.return?.();
      },
    );
  }
  // Pages of at least serverPageRows: each is a statement that ranks the whole read again.
  let offset = 0;
  let ended = false;
  return bufferPages(
    async () => {
      if (ended) return undefined;
      const { rows } = await query({ limit: serverPageRows, offset }).execute(reports);
      offset += rows.length;
      ended = rows.length < serverPageRows;
      return rows;
    },
    async () => {},
  );
}
