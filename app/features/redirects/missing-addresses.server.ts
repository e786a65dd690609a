// The missing addresses: paths that answered 404 to people, counted per path per day for 30 days.
// Bots and vulnerability scanners are left out, and nothing of the visitor is kept (no address, no
// browser, no query string). Counted in memory and written in batches; the table stays bounded.
import { isbot } from "isbot";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";
import { toSearchPatterns } from "~/platform/search-text";
import { isReservedPath, normalizePath } from "./redirect-address";

export const missingDays = 30;
/** Rows kept at most; the least asked-for go first. */
export const maxMissingRows = 20000;
/** Distinct paths held between writes; a flood of invented paths past it is not counted. */
const maxPendingPaths = 1000;
const flushIntervalMs = 5000;
const pruneIntervalMs = 60 * 60 * 1000;

/** What scanners ask for on every site: never a page a visitor lost. */
const scannerPattern =
  /(^|\/)(wp-admin|wp-login|wp-includes|wp-content\/plugins|xmlrpc|cgi-bin|phpmyadmin|pma|vendor|\.git|\.env|\.aws|\.ssh|\.svn|\.ds_store|\.well-known|owa|autodiscover|actuator|boaform|hnap1)(\/|$|\.)|\.(php\d?|asp|aspx|jsp|cgi|env|ini|sql|bak|old|log|yml|yaml|xml|json|txt|ico|png|jpe?g|gif|svg|webp|js|css|map|zip|gz|tar|rar|7z|exe|dll|sh|conf|config)$/i;

type State = {
  pending: Map<string, number>;
  timer?: NodeJS.Timeout;
  prunedAt: number;
  /** The write under way: a flush waits for it, so what it returns to has been written. */
  writing?: Promise<void>;
};
const states = new WeakMap<Db, State>();

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    state = { pending: new Map(), prunedAt: 0 };
    states.set(db, state);
  }
  return state;
}

/** True when a 404 of this path, asked by this browser, is worth the owner's attention. */
export function isVisitorMiss(path: string, userAgent: string | undefined): boolean {
  if (!userAgent || isbot(userAgent)) return false;
  if (path.length > 300 || isReservedPath(path)) return false;
  return !scannerPattern.test(path);
}

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Counts one 404 of a page address (the caller has checked isVisitorMiss). */
export function countMissingAddress(db: Db, path: string, logger?: Logger): void {
  const state = stateOf(db);
  const key = `${today()} ${normalizePath(path)}`;
  const count = state.pending.get(key);
  if (count === undefined && state.pending.size >= maxPendingPaths) return;
  state.pending.set(key, (count ?? 0) + 1);
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    flushMissingAddresses(db).catch((error) =>
      logger?.warn({ err: error }, "Missing addresses not written"),
    );
  }, flushIntervalMs);
  state.timer.unref();
}

/** Writes the counts held so far (a failed write keeps them), and prunes now and then. */
export async function flushMissingAddresses(db: Db, now = new Date()): Promise<void> {
  const state = stateOf(db);
  if (state.writing) await state.writing.catch(() => {});
  const write = writeMisses(db, state, now);
  state.writing = write;
  try {
    await write;
  } finally {
    if (state.writing === write) state.writing = undefined;
  }
}

async function writeMisses(db: Db, state: State, now: Date): Promise<void> {
  const taken = state.pending;
  if (taken.size > 0) {
    state.pending = new Map();
    try {
      await db.transaction().execute(async (trx) => {
        for (const [key, hits] of taken) {
          const at = key.indexOf(" ");
          await trx
            .insertInto("missing_addresses")
            .values({ day: key.slice(0, at), path: key.slice(at + 1), hits })
            .onConflict((conflict) =>
              conflict
                .columns(["path", "day"])
                .doUpdateSet((eb) => ({ hits: eb("missing_addresses.hits", "+", hits) })),
            )
            .execute();
        }
      });
    } catch (error) {
      for (const [key, hits] of taken) state.pending.set(key, (state.pending.get(key) ?? 0) + hits);
      throw error;
    }
  }
  if (now.getTime() - state.prunedAt > pruneIntervalMs) {
    state.prunedAt = now.getTime();
    await pruneMissingAddresses(db, now);
  }
}

/** Drops days past the window, then the least asked-for rows beyond the bound. */
export async function pruneMissingAddresses(db: Db, now = new Date()): Promise<void> {
  const cutoff = today(new Date(now.getTime() - missingDays * 24 * 60 * 60 * 1000));
  await db.deleteFrom("missing_addresses").where("day", "<", cutoff).execute();
  const { count } = await db
    .selectFrom("missing_addresses")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const excess = Number(count) - maxMissingRows;
  if (excess <= 0) return;
  const doomed = await db
    .selectFrom("missing_addresses")
    .select(["path", "day"])
    .orderBy("hits")
    .orderBy("day")
    .limit(excess)
    .execute();
  for (const row of doomed) {
    await db
      .deleteFrom("missing_addresses")
      .where("path", "=", row.path)
      .where("day", "=", row.day)
      .execute();
  }
}

export type MissingAddress = { path: string; hits: number; lastDay: string };

/** The window's addresses whose path holds every word searched. */
function readWindow(db: Db, search: string, now: Date) {
  const cutoff = today(new Date(now.getTime() - missingDays * 24 * 60 * 60 * 1000));
  return db
    .selectFrom("missing_addresses")
    .where("day", ">=", cutoff)
    .where((eb) =>
      eb.and(
        toSearchPatterns(search).map(
          (pattern) => sql<boolean>`lower(${eb.ref("path")}) like ${pattern} escape '\\'`,
        ),
      ),
    );
}

/** One page of the most asked-for missing addresses of the window, top first, and how many. */
export async function listMissingAddresses(
  db: Db,
  {
    limit = 50,
    offset = 0,
    search = "",
    now = new Date(),
  }: { limit?: number; offset?: number; search?: string; now?: Date } = {},
): Promise<{ entries: MissingAddress[]; total: number }> {
  const [rows, count] = await Promise.all([
    readWindow(db, search, now)
      .select((eb) => [
        "path",
        eb.fn.sum<number>("hits").as("hits"),
        eb.fn.max("day").as("last_day"),
      ])
      .groupBy("path")
      .orderBy("hits", "desc")
      .orderBy("path")
      .limit(limit)
      .offset(offset)
      .execute(),
    readWindow(db, search, now)
      .select((eb) => eb.fn.count<number | string>("path").distinct().as("n"))
      .executeTakeFirst(),
  ]);
  return {
    entries: rows.map((row) => ({
      path: row.path,
      hits: Number(row.hits),
      lastDay: String(row.last_day),
    })),
    total: Number(count?.n ?? 0),
  };
}
