// A kept page sent as it is stored, for the hit and the miss paths alike: 304 when the browser's
// copy is current, else the client's best encoding the page has, the form-shown cookie to a
// browser without one, headers flattened once per page.
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchesIfNoneMatch } from "~/platform/document/etag.server";
import { serializeFormShownCookie } from "~/platform/form-cookie.server";
import { getAcceptedEncodings } from "~/platform/http/accept-encoding.server";
import {
  type Encoding,
  loadFormSecret,
  type PageCacheState,
  type Wire,
} from "./cache-state.server";
import type { CachedPage } from "./store.server";

const staleCacheStatus = "site; hit; detail=stale-if-error";

export function hasCookie(req: IncomingMessage, name: string): boolean {
  const header = req.headers.cookie;
  return header?.includes(name) ?? false;
}

/**
 * The Set-Cookie of the spam guard's first-fetch time, for a browser that has none yet. The signed
 * cookie is made again at most every 100 ms: signing at every request costs more than the rest of
 * a cache hit. Its time is then up to 100 ms early, which only ever favours the visitor (a bot
 * must wait 100 ms less than the minimum fill time at worst).
 */
function formCookieFor(state: PageCacheState, req: IncomingMessage): string | undefined {
  if (hasCookie(req, state.formCookie)) return undefined;
  const { formSecret } = state;
  if (!formSecret) {
    loadFormSecret(state);
    return undefined;
  }
  const now = Date.now();
  if (now - state.cookieMadeAt >= 100) {
    state.cookieValue = serializeFormShownCookie(formSecret, now, state.config.secure);
    state.cookieMadeAt = now;
  }
  return state.cookieValue;
}

/** The page's response headers per encoding, flattened once so a hit builds no objects. */
function getWire(state: PageCacheState, page: CachedPage): Wire {
  let wire = state.wires.get(page);
  if (wire) return wire;
  const base = Object.entries(state.baseHeaders).flat();
  const kept = page.headers.flat();
  // No Content-Security-Policy on a 304: the browser keeps its copy with that copy's policy.
  const revalidation = page.headers
    .filter(([name]) => name === "etag" || name === "cache-control" || name === "vary")
    .flat();
  const gzip = [
    ...base,
    ...kept,
    "content-encoding",
    "gzip",
    "content-length",
    `${page.gzip.length}`,
  ];
  wire = {
    br: page.brotli
      ? [...base, ...kept, "content-encoding", "br", "content-length", `${page.brotli.length}`]
      : gzip,
    gzip,
    identity: [...base, ...kept, "content-length", `${page.identity.length}`],
    notModified: [...base, ...revalidation],
  };
  state.wires.set(page, wire);
  return wire;
}

/** The client's best encoding that the page has: gzip while the brotli copy is being made. */
function chooseEncoding(req: IncomingMessage, page: CachedPage): Encoding {
  for (const encoding of getAcceptedEncodings(req.headers["accept-encoding"])) {
    if (encoding === "gzip" || page.brotli) return encoding;
  }
  return "identity";
}

export function sendPage(
  state: PageCacheState,
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  stale = false,
) {
  const wire = getWire(state, page);
  // RFC 9211: the answer comes from this cache although it could not be checked against the data.
  if (stale) res.setHeader("cache-status", staleCacheStatus);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && matchesIfNoneMatch(ifNoneMatch, page.etag)) {
    res.writeHead(304, wire.notModified);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req, page);
  const body =
    encoding === "identity"
      ? page.identity
      : encoding === "br"
        ? (page.brotli ?? page.gzip)
        : page.gzip;
  const cookie = formCookieFor(state, req);
  res.writeHead(page.status, cookie ? [...wire[encoding], "set-cookie", cookie] : wire[encoding]);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * A kept page asked for again: it is worth its brotli copy now. A page seen once after a change
 * (a one-off search, a page the crawler or the owner's check alone visits) never costs one.
 */
export function noteHit(state: PageCacheState, key: string, page: CachedPage) {
  if (!page.brotli) state.recompressor.request(key, page);
}
