// The missing addresses: paths that answered 404 to people, counted per path per day for 30 days.
// Bots and vulnerability scanners are left out, and nothing of the visitor is kept (no address, no
// browser, no query string). Counted in memory, written in one statement a batch, trimmed to its cap
// at every write; each client network adds a bounded number of new addresses an hour.

import { setImmediate as yieldToLoop } from "node:timers/promises";
import { isbot } from "isbot";
import { sql } from "kysely";
import type { Logger } from "pino";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db } from "~/platform/db/tables.server";
import { trackWork } from "~/platform/loop-monitor.server";
import { toSearchPatterns } from "~/platform/search-text";
import { readUserAgentStart } from "~/platform/user-agent";
import { isReservedPath, normalizePath } from "./redirect-address";

export const missingDays = 30;
/** Rows kept at most; the least asked-for go first, at every write. */
export const maxMissingRows = 20000;
/**
 * Addresses one client network (an IPv4 address, an IPv6 /64) may add to the log per hour: a
 * scanner inventing paths fills its own share, not the log. Past it, its 404s count only on
 * addresses already waiting to be written.
 */
export const maxNewPathsPerNetworkHour = 30;
/** Distinct paths held between writes; a flood of invented paths past it is not counted. */
export const maxPendingPaths = 1000;
/**
 * Rows one write removes at most of each kind (past the window, past the cap), in one statement:
 * as many as a write can add, so the log stays at its cap, and a log found far over it (written
 * before the cap was kept) shrinks a batch a write. Twice that held the loop 100 ms on SQLite.
 */
export const maxTrimRows = maxPendingPaths;
/** Networks whose share is tracked within the hour; past it, unseen networks add nothing new. */
const maxTrackedNetworks = 10_000;
const flushIntervalMs = 5000;
const hourMs = 60 * 60 * 1000;

/** What scanners ask for on every site: never a page a visitor lost. */
const scannerPattern =
  /(^|\/)(wp-admin|wp-login|wp-includes|wp-content\/plugins|xmlrpc|cgi-bin|phpmyadmin|pma|vendor|\.git|\.env|\.aws|\.ssh|\.svn|\.ds_store|\.well-known|owa|autodiscover|actuator|boaform|hnap1)(\/|$|\.)|\.(php\d?|asp|aspx|jsp|cgi|env|ini|sql|bak|old|log|yml|yaml|xml|json|txt|ico|png|jpe?g|gif|svg|webp|js|css|map|zip|gz|tar|rar|7z|exe|dll|sh|conf|config)$/i;

type State = {
  pending: Map<string, number>;
  timer?: NodeJS.Timeout;
  /** New addresses each network added in the current hour (hour = its start, in ms). */
  networks: Map<string, number>;
  hour: number;
  /** The write under way: a flush waits for it, so what it returns to has been written. */
  writing?: Promise<void>;
};
const states = new WeakMap<Db, State>();

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    state = { pending: new Map(), networks: new Map(), hour: 0 };
    states.set(db, state);
  }
  return state;
}

/** True when a 404 of this path, asked by this browser, is worth the owner's attention. */
export function isVisitorMiss(path: string, userAgent: string | undefined): boolean {
  if (!userAgent || isbot(readUserAgentStart(userAgent))) return false;
  if (path.length > 300 || isReservedPath(path)) return false;
  return !scannerPattern.test(path);
}

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Takes one of the network's new addresses for this hour; false when its share is used up. */
function takeNetworkShare(state: State, network: string, now: number): boolean {
  const hour = now - (now % hourMs);
  if (state.hour !== hour) {
    state.hour = hour;
    state.networks.clear();
  }
  const used = state.networks.get(network);
  if (used === undefined && state.networks.size >= maxTrackedNetworks) return false;
  if ((used ?? 0) >= maxNewPathsPerNetworkHour) return false;
  state.networks.set(network, (used ?? 0) + 1);
  return true;
}

/**
 * Counts one 404 of a page address from a client network (the caller has checked isVisitorMiss).
 * An address not yet waiting to be written takes one of the network's new addresses for the hour.
 */
export function countMissingAddress(
  db: Db,
  path: string,
  network: string,
  logger?: Logger,
  now = new Date(),
): void {
  const state = stateOf(db);
  const key = `${today(now)} ${normalizePath(path)}`;
  const count = state.pending.get(key);
  if (count === undefined) {
    if (state.pending.size >= maxPendingPaths) return;
    if (!takeNetworkShare(state, network, now.getTime())) return;
  }
  state.pending.set(key, (count ?? 0) + 1);
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    const done = trackWork("job: write the 404 log");
    flushMissingAddresses(db)
      .catch((error) => logger?.warn({ err: error }, "Missing addresses not written"))
      .finally(done);
  }, flushIntervalMs);
  state.timer.unref();
}

/** Writes the counts held so far (a failed write keeps them) and trims the log to its cap. */
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
  state.pending = new Map();
  const rows = [...taken].map(([key, hits]) => {
    const at = key.indexOf(" ");
    return { day: key.slice(0, at), path: key.slice(at + 1), hits };
  });
  try {
    await db.transaction().execute(async (trx) => {
      // One statement per batch of rows (the parameters stay far under either engine's limit).
      for (let start = 0; start < rows.length; start += maxPendingPaths) {
        await trx
          .insertInto("missing_addresses")
          .values(rows.slice(start, start + maxPendingPaths))
          .onConflict((conflict) =>
            conflict.columns(["path", "day"]).doUpdateSet((eb) => ({
              hits: eb("missing_addresses.hits", "+", eb.ref("excluded.hits")),
            })),
          )
          .execute();
      }
    });
  } catch (error) {
    for (const [key, hits] of taken) state.pending.set(key, (state.pending.get(key) ?? 0) + hits);
    throw error;
  }
  await trimMissingAddresses(db, now);
}

/** Rows of each kind one statement of the trim removes at most: a few ms of SQLite's loop. */
const trimChunkRows = 250;

/**
 * Drops days past the window and the least asked-for rows beyond the cap, at most maxTrimRows of
 * each, in statements of trimChunkRows with a turn of the loop between them. Each reads through
 * an index and counts at most cap + chunk rows, and the rows go by their primary key, so a trim
 * never sorts nor scans the whole log, however far over its cap it was found.
 */
export async function trimMissingAddresses(db: Db, now = new Date()): Promise<void> {
  const cutoff = today(new Date(now.getTime() - missingDays * 24 * 60 * 60 * 1000));
  for (let removed = 0; removed < maxTrimRows; removed += trimChunkRows) {
    if (removed > 0) await yieldToLoop();
    const limit = Math.min(trimChunkRows, maxTrimRows - removed);
    // A chunk short of its limit on both sides leaves nothing past the window or the cap.
    if ((await deleteTrimChunk(db, cutoff, limit)) < limit) return;
  }
}

/** One statement of the trim: up to `limit` rows past the window and `limit` beyond the cap. */
async function deleteTrimChunk(db: Db, cutoff: string, limit: number): Promise<number> {
  // SQLite deletes by rowid: matched by (path, day) it took 60-120 ms for 2,000 rows of 300,000,
  // on the loop; by rowid 10-45 ms.
  const sqlite = getDialectName(db) === "sqlite";
  const row = sql.raw(sqlite ? "rowid" : "(path, day)");
  const columns = sql.raw(sqlite ? "rowid" : "path, day");
  // The rows beyond the cap, counted no further than `limit` past it (never the whole log).
  const result = await sql`
    delete from missing_addresses
    where ${row} in (
      select ${columns} from (
        select ${columns} from missing_addresses where day < ${cutoff} limit ${limit}
      ) as past
      union all
      select ${columns} from (
        select ${columns} from missing_addresses order by hits, day
        limit (
          select count(*) from (
            select 1 from missing_addresses limit ${limit} offset ${maxMissingRows}
          ) as beyond
        )
      ) as least_asked
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
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
