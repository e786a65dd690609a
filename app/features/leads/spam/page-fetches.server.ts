// The spam guard's memory of recent page fetches by clients without a form-shown cookie: each
// network's latest, in memory, on the page cache's hot path (docs/decisions/004). With several
// workers, a post asks the others through the primary.
import cluster, { type Worker } from "node:cluster";
import type { IncomingMessage } from "node:http";
import { getClientNetwork } from "~/platform/client-network.server";
import {
  getFormShownCookieName,
  readFormShownCookie,
  readFormShownCookieTime,
} from "~/platform/form-cookie.server";
import { longestMinimumFillMs } from "./spam.server";

/** A fetch older than the longest minimum fill time can no longer make a post too fast. */
const rememberMs = longestMinimumFillMs;
/**
 * More distinct networks than this within a few seconds is a flood: the oldest are forgotten, and
 * their posts are judged as if they had fetched nothing (as before this guard), never refused.
 */
export const maxRememberedNetworks = 50_000;

/** Network -> time of its latest fetch; insertion order is fetch order, oldest first. */
const latestFetches = new Map<string, number>();

let lastSweepAt = 0;

/** Drops the fetches too old to matter (from the front: the map is in fetch order). */
function forgetOldFetches(now: number) {
  lastSweepAt = now;
  for (const [network, at] of latestFetches) {
    if (now - at < rememberMs && latestFetches.size <= maxRememberedNetworks) return;
    latestFetches.delete(network);
  }
}

/** Notes a page fetch from this network now (or at `now`). */
export function notePageFetch(network: string, now = Date.now()) {
  // Deleted first so the entry moves to the end: the map stays in fetch order.
  latestFetches.delete(network);
  latestFetches.set(network, now);
  // Swept about once a second, not per fetch: a stale entry is ignored by the lookup anyway.
  if (latestFetches.size > maxRememberedNetworks || now - lastSweepAt >= 1000) {
    forgetOldFetches(now);
  }
}

/**
 * When the client's network last fetched a page without a valid cookie, in this process or any
 * other worker, if recently enough to matter.
 */
export async function findRecentPageFetch(
  clientIp: string,
  now = Date.now(),
): Promise<number | undefined> {
  const network = getClientNetwork(clientIp);
  const here = latestFetches.get(network) ?? null;
  const elsewhere = cluster.isWorker && process.connected ? await askOtherWorkers(network) : null;
  const at = Math.max(here ?? 0, elsewhere ?? 0);
  return at > 0 && now - at < rememberMs ? at : undefined;
}

/**
 * Cookie headers whose form-shown cookie was already verified: a browser sends the same header
 * with every request, so each is parsed and its signature checked once. Emptied when full; a
 * longer header (a client padding it to fill memory) is checked every time instead of kept.
 */
const verifiedCookieHeaders = new Set<string>();
const maxVerifiedCookieHeaders = 10_000;
const maxVerifiedCookieHeaderLength = 512;

function hasValidFormCookie(req: IncomingMessage, secure: boolean, secret: string | undefined) {
  const header = req.headers.cookie;
  if (!header?.includes(getFormShownCookieName(secure))) return false;
  if (verifiedCookieHeaders.has(header)) return true;
  // Without the secret yet (just started, database down) a cookie cannot be checked: the fetch is
  // noted, which at worst holds a post of this network for review, never drops it.
  if (!secret || readFormShownCookieTime(readFormShownCookie(header), secret) === undefined) {
    return false;
  }
  if (header.length > maxVerifiedCookieHeaderLength) return true;
  if (verifiedCookieHeaders.size >= maxVerifiedCookieHeaders) verifiedCookieHeaders.clear();
  verifiedCookieHeaders.add(header);
  return true;
}

/**
 * Called by the page cache for every page it answers or renders: notes the fetch unless the
 * request carries a valid form-shown cookie (a browser that keeps it is judged by the cookie).
 */
export function recordPageFetch(
  req: IncomingMessage,
  network: string,
  secure: boolean,
  formSecret: string | undefined,
) {
  if (hasValidFormCookie(req, secure, formSecret)) return;
  notePageFetch(network);
}

/** Forgets every noted fetch (tests). */
export function forgetPageFetches() {
  latestFetches.clear();
}

type FetchQuery = { type: "spam-guard:fetch-query"; id: number; network: string };
type FetchAnswer = { type: "spam-guard:fetch-answer"; id: number; at: number | null };

function isFetchQuery(message: unknown): message is FetchQuery {
  return (message as FetchQuery | null)?.type === "spam-guard:fetch-query";
}

function isFetchAnswer(message: unknown): message is FetchAnswer {
  return (message as FetchAnswer | null)?.type === "spam-guard:fetch-answer";
}

/**
 * How long a post waits for the other workers: they answer from memory in well under a
 * millisecond, so only a worker stuck in a long task (or just dying) is ever waited for this long,
 * and then its fetches are left out (the post is judged as before this guard, never refused).
 */
const relayTimeoutMs = 150;
const askTimeoutMs = 300;

const askedQueries = new Map<number, (at: number | null) => void>();
let lastQueryId = 0;

function askOtherWorkers(network: string): Promise<number | null> {
  return new Promise((resolve) => {
    const id = ++lastQueryId;
    const finish = (at: number | null) => {
      clearTimeout(timer);
      askedQueries.delete(id);
      resolve(at);
    };
    const timer = setTimeout(() => finish(null), askTimeoutMs);
    askedQueries.set(id, finish);
    const query: FetchQuery = { type: "spam-guard:fetch-query", id, network };
    process.send?.(query, undefined, {}, (error) => {
      if (error) finish(null);
    });
  });
}

// Every worker answers the primary's questions from its own memory, from the moment it loads:
// a worker that served no page yet still answers at once (with nothing) instead of being waited for.
if (cluster.isWorker) {
  process.on("message", (message: unknown) => {
    if (isFetchAnswer(message)) {
      askedQueries.get(message.id)?.(message.at);
    } else if (isFetchQuery(message)) {
      const answer: FetchAnswer = {
        type: "spam-guard:fetch-answer",
        id: message.id,
        at: latestFetches.get(message.network) ?? null,
      };
      process.send?.(answer, undefined, {}, () => {});
    }
  });
}

/**
 * In the primary process: passes a worker's question on to every other worker and answers it with
 * the latest of their fetch times, or with what it has after `relayTimeoutMs`.
 */
export function relayPageFetchQueries() {
  type Relayed = { latest: number | null; waiting: number; reply: () => void };
  const relayed = new Map<number, Relayed>();
  let lastRelayId = 0;
  // A send to a worker that is just going away fails: that worker's fetches are simply left out.
  const ignoreSendError = () => {};
  cluster.on("message", (asker: Worker, message: unknown) => {
    if (isFetchAnswer(message)) {
      const entry = relayed.get(message.id);
      if (!entry) return;
      if (message.at !== null) entry.latest = Math.max(entry.latest ?? 0, message.at);
      entry.waiting--;
      if (entry.waiting === 0) entry.reply();
      return;
    }
    if (!isFetchQuery(message)) return;
    const others = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker =>
        worker !== undefined && worker !== asker && worker.isConnected(),
    );
    const id = ++lastRelayId;
    const entry: Relayed = {
      latest: null,
      waiting: others.length,
      reply: () => {
        if (!relayed.delete(id)) return;
        clearTimeout(timer);
        if (!asker.isConnected()) return;
        const answer: FetchAnswer = {
          type: "spam-guard:fetch-answer",
          id: message.id,
          at: entry.latest,
        };
        asker.send(answer, undefined, {}, ignoreSendError);
      },
    };
    relayed.set(id, entry);
    const timer = setTimeout(entry.reply, relayTimeoutMs);
    if (others.length === 0) return entry.reply();
    const query: FetchQuery = { type: "spam-guard:fetch-query", id, network: message.network };
    for (const worker of others) worker.send(query, undefined, {}, ignoreSendError);
  });
}
