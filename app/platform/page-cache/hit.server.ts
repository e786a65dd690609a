// The page cache's fast path, before Express: an anonymous GET/HEAD whose kept page is current
// for the data version is answered from memory (synchronously on SQLite); a page kept but not
// checkable while the database fails is served stale. Anything else goes on to the miss path.
import type { IncomingMessage, ServerResponse } from "node:http";
import { type DataVersions, getDataVersion } from "../data-version.server";
import { isClearForPage, type PageCacheState, versionUnreadable } from "./cache-state.server";
import type { PageKey } from "./keys.server";
import { hasCookie, noteHit, sendPage } from "./send-page.server";

function logHit(
  state: PageCacheState,
  req: IncomingMessage,
  status: number,
  started: bigint,
  cache: "hit" | "stale" = "hit",
) {
  const { logger } = state;
  if (!logger.isLevelEnabled("info")) return;
  logger.info(
    {
      method: req.method,
      url: req.url,
      status,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      cache,
    },
    "request",
  );
}

/**
 * The kept page at these versions, sent; false when none is kept, or when a rule may take its
 * address since (the slower path asks the rules).
 */
function serveCurrent(
  state: PageCacheState,
  req: IncomingMessage,
  res: ServerResponse,
  pageKey: PageKey,
  versions: DataVersions,
): boolean {
  const { store } = state;
  const url = req.url ?? "";
  if (!pageKey.exact && state.rules.needsQuery(url, versions.site) !== false) return false;
  const { key } = pageKey;
  store.syncVersion(versions.pages);
  const page = store.get(key);
  if (!page || !isClearForPage(state, page, url, versions.site)) return false;
  const started = process.hrtime.bigint();
  sendPage(state, req, res, page);
  state.onPageFetch(req, state.formSecret);
  state.onServed(req, res.statusCode);
  noteHit(state, key, page);
  logHit(state, req, res.statusCode, started);
  return true;
}

/**
 * The database cannot say whether the kept page is current: it is served as it is, and a page
 * not kept goes on to the slower path, which renders without asking again (a database that just
 * failed would make it wait a second time).
 */
function serveStale(
  state: PageCacheState,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
): boolean {
  const page = state.store.peek(key);
  if (!page) {
    versionUnreadable.add(req);
    return false;
  }
  const started = process.hrtime.bigint();
  sendPage(state, req, res, page, true);
  state.onServed(req, res.statusCode);
  logHit(state, req, res.statusCode, started, "stale");
  return true;
}

/** Answers from the store if it can (synchronously on SQLite); false when the request must go on. */
export function serveFromStore(
  state: PageCacheState,
  req: IncomingMessage,
  res: ServerResponse,
): boolean | Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url;
  const { getPageKey } = state;
  if (!url || !getPageKey) return false;
  const pageKey = getPageKey(url);
  if (!pageKey) return false;
  // A session cookie (or token) is checked on the slower path: it may be a signed-in admin's.
  if (hasCookie(req, state.sessionCookie) || req.headers.authorization) return false;
  const { key } = pageKey;
  let version: DataVersions | Promise<DataVersions>;
  try {
    version = getDataVersion(state.db, { sameBatch: true });
  } catch {
    return serveStale(state, req, res, key);
  }
  if (version instanceof Promise) {
    return version.then(
      (read) => serveCurrent(state, req, res, pageKey, read),
      () => serveStale(state, req, res, key),
    );
  }
  return serveCurrent(state, req, res, pageKey, version);
}
