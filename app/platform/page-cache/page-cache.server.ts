// The rendered-page cache in front of React Router: anonymous GET/HEAD of public pages (and their
// navigation data) answered as rendered for the current data version; one render per missed key,
// sent with fast gzip, brotli made later. An admin session bypasses it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Logger } from "pino";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import {
  computeDataEtag,
  documentCacheControl,
  matchesIfNoneMatch,
} from "~/platform/document/etag.server";
import {
  getFormSecret,
  getFormShownCookieName,
  serializeFormShownCookie,
} from "~/platform/form-cookie.server";
import { getAcceptedEncodings } from "~/platform/http/accept-encoding.server";
import { isClientGone } from "~/platform/http/client-gone.server";
import { defaultContentSecurityPolicy } from "~/platform/http/security-headers.server";
import { type AdminSession, getSessionCookieName } from "~/platform/sessions.server";
import type { PageCacheHints } from "../context.server";
import { getDataVersion } from "../data-version.server";
import type { LoadShedder } from "../overload.server";
import type { RouteFacts } from "../route-facts.server";
import { runWithCacheHints } from "./hints.server";
import { createPageKeyReader, type PageKeyReader } from "./keys.server";
import { createRecompressor } from "./recompress.server";
import { type CachedPage, getPageBytes, PageStore, type PageStoreStats } from "./store.server";

const gzipAsync = promisify(gzip);

/**
 * The gzip level of a miss, made on the request and kept: level 4 took 2.7-3.6 ms for the 115 KB
 * /blog, against 2.1-2.5 ms at 1, 3.9-5.1 ms at 6 and 5.3-6.3 ms at 9, for a copy 4.6% larger
 * than level 9's (22.6 KB against 21.6 KB; level 1 makes 25.2 KB). Not made better later: the
 * gzip bytes of a page stay the same as long as it is kept.
 */
export const missGzipLevel = 4;

/** 32 MB holds every page of the site many times over; query pages get a quarter of it. */
export const defaultPageCacheBytes = 32 * 1024 * 1024;

/** Renders one request through React Router with the given per-request facts. */
export type RenderPage = (
  request: Request,
  facts: { knownSession: AdminSession | null; cacheHints: PageCacheHints },
) => Promise<Response>;

export type PageCacheOptions = {
  /**
   * Told of every page fetch the cache sees (hits included), with the form secret once known: the
   * spam guard remembers fetches by clients without a form-shown cookie (features/leads).
   */
  onPageFetch: (req: IncomingMessage, formSecret: string | undefined) => void;
  /** Told of every answer from the store on the fast path (the visit counter). */
  onServed?: (req: IncomingMessage, status: number) => void;
  db: Db;
  config: Config;
  logger: Logger;
  render: RenderPage;
  shedder: LoadShedder;
  /** Headers every response carries (security headers, HSTS). */
  baseHeaders: Record<string, string>;
  /** The routes' facts, which say which pages may be kept; known once the server build loads. */
  routes: Promise<Pick<RouteFacts, "getCacheRule">>;
  budgetBytes?: number;
  /**
   * Asked only of a URL with query parameters its page ignores: true sends it the slower way
   * (a redirect rule needs its query, as `/?page_id=42`). An exact URL's hit never asks.
   */
  needsQuery?: (url: string) => boolean;
};

type Rendered =
  | { kind: "page"; page: CachedPage }
  | { kind: "other"; status: number; headers: Array<[string, string]>; body: Buffer };

type Encoding = "br" | "gzip" | "identity";

const droppedHeaders = new Set(["content-length", "content-encoding", "set-cookie", "vary"]);

async function toCachedPage(
  response: Response,
  body: Buffer,
  data: boolean,
  dataVersion: number,
  validUntil: number,
): Promise<CachedPage> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (!droppedHeaders.has(name)) headers.push([name, value]);
  }
  headers.push(["vary", "Accept-Encoding"]);
  // A navigation's data has no ETag of its own from React Router: the bytes are all it is, so
  // their hash is. Revalidated on every use, like its page; never run as a document.
  let etag = response.headers.get("etag") ?? "";
  if (data) {
    etag = computeDataEtag(body);
    headers.push(["etag", etag]);
    if (!response.headers.has("cache-control"))
      headers.push(["cache-control", documentCacheControl]);
    if (!response.headers.has("content-security-policy")) {
      headers.push(["content-security-policy", defaultContentSecurityPolicy]);
    }
  }
  // On the thread pool at a fast level: this is the one compression a miss waits for.
  const gzipped = await gzipAsync(body, { level: missGzipLevel });
  const page = {
    status: response.status,
    headers,
    etag,
    identity: body,
    gzip: gzipped,
    dataVersion,
    validUntil,
  };
  return { ...page, bytes: getPageBytes(page) };
}

function isStorable(response: Response, data: boolean): boolean {
  if (response.status !== 200) return false;
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith(data ? "text/x-script" : "text/html")) return false;
  if (response.headers.has("set-cookie")) return false;
  if (!data && !response.headers.get("etag")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/no-store|private/i.test(cacheControl);
}

export type PageCache = {
  /** Answers from the store if it can (synchronously on SQLite); false when the request must go on. */
  serveFromStore(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /** Express middleware: admin requests go on marked, misses are rendered, kept and sent. */
  middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void>;
  stats(): PageStoreStats;
  /** True when the page for this URL is kept (a test and diagnostics aid). */
  holds(url: string): boolean;
  /** The kept page for this URL, as stored (a test and diagnostics aid). */
  peek(url: string): CachedPage | undefined;
  /** Resolves once no background compression is queued or under way (a test aid). */
  whenCompressed(): Promise<void>;
};

/** Requests whose data version could not be read on the fast path (kept only while they live). */
const versionUnreadable = new WeakSet<IncomingMessage>();

export function createPageCache(options: PageCacheOptions): PageCache {
  const { db, config, logger, render, shedder, baseHeaders, onPageFetch, needsQuery } = options;
  const onServed = options.onServed ?? (() => {});
  const store = new PageStore(options.budgetBytes ?? defaultPageCacheBytes);
  const recompressor = createRecompressor(store, {
    onError: (error, key) => logger.error({ err: error, key }, "Page compression failed"),
  });
  const pending = new Map<string, Promise<Rendered>>();
  const sessionCookie = `${getSessionCookieName(config.secure)}=`;
  const formCookie = `${getFormShownCookieName(config.secure)}=`;
  const origin = new URL(config.SITE_URL).origin;

  // Until the server build has loaded nothing is kept, so the fast path has nothing to answer; the
  // slower path waits for it. A build that fails to load fails the request in React Router.
  let getPageKey: PageKeyReader | undefined;
  const keysReady = options.routes.then(
    (routes) => {
      getPageKey = createPageKeyReader(routes.getCacheRule);
    },
    () => {},
  );

  let formSecret: string | undefined;
  function loadFormSecret() {
    getFormSecret(db).then(
      (secret) => {
        formSecret = secret;
      },
      () => {},
    );
  }
  loadFormSecret();

  function hasCookie(req: IncomingMessage, name: string): boolean {
    const header = req.headers.cookie;
    return header?.includes(name) ?? false;
  }

  // The signed cookie is made again at most every 100 ms: signing at every request costs more
  // than the rest of a cache hit. Its time is then up to 100 ms early, which only ever favours
  // the visitor (a bot must wait 100 ms less than the minimum fill time at worst).
  let cookieValue = "";
  let cookieMadeAt = 0;

  /** The Set-Cookie of the spam guard's first-fetch time, for a browser that has none yet. */
  function formCookieFor(req: IncomingMessage): string | undefined {
    if (hasCookie(req, formCookie)) return undefined;
    if (!formSecret) {
      loadFormSecret();
      return undefined;
    }
    const now = Date.now();
    if (now - cookieMadeAt >= 100) {
      cookieValue = serializeFormShownCookie(formSecret, now, config.secure);
      cookieMadeAt = now;
    }
    return cookieValue;
  }

  type Wire = Record<Encoding | "notModified", string[]>;
  const wires = new WeakMap<CachedPage, Wire>();

  /** The page's response headers per encoding, flattened once so a hit builds no objects. */
  function getWire(page: CachedPage): Wire {
    let wire = wires.get(page);
    if (wire) return wire;
    const base = Object.entries(baseHeaders).flat();
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
    wires.set(page, wire);
    return wire;
  }

  function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, stale = false) {
    const wire = getWire(page);
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
    const cookie = formCookieFor(req);
    res.writeHead(page.status, cookie ? [...wire[encoding], "set-cookie", cookie] : wire[encoding]);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The client's best encoding that the page has: gzip while the brotli copy is being made. */
  function chooseEncoding(req: IncomingMessage, page: CachedPage): Encoding {
    for (const encoding of getAcceptedEncodings(req.headers["accept-encoding"])) {
      if (encoding === "gzip" || page.brotli) return encoding;
    }
    return "identity";
  }

  /**
   * A kept page asked for again: it is worth its brotli copy now. A page seen once after a change
   * (a one-off search, a page the crawler or the owner's check alone visits) never costs one.
   */
  function noteHit(key: string, page: CachedPage) {
    if (!page.brotli) recompressor.request(key, page);
  }

  function sendOther(req: IncomingMessage, res: ServerResponse, rendered: Rendered) {
    if (rendered.kind !== "other") return;
    res.statusCode = rendered.status;
    for (const [name, value] of rendered.headers) {
      if (name !== "content-length" && name !== "content-encoding") res.appendHeader(name, value);
    }
    // The compression middleware further out compresses this one-off answer if it is worth it.
    res.end(req.method === "HEAD" ? undefined : rendered.body);
  }

  async function renderForStore(
    key: string,
    pathWithQuery: string,
    data: boolean,
    dataVersion: number,
  ): Promise<Rendered> {
    // The page is rendered for the canonical origin and without the visitor's headers, so
    // nothing of one visitor's request can end up in the copy every visitor gets.
    const request = new Request(new URL(pathWithQuery, origin), {
      headers: { accept: "text/html" },
    });
    const cacheHints: PageCacheHints = {};
    const response = await runWithCacheHints(cacheHints, () =>
      render(request, { knownSession: null, cacheHints }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    const validUntil = cacheHints.validUntil ?? Number.POSITIVE_INFINITY;
    if (!isStorable(response, data) || validUntil <= Date.now()) {
      return { kind: "other", status: response.status, headers: [...response.headers], body };
    }
    const page = await toCachedPage(response, body, data, dataVersion, validUntil);
    store.set(key, page);
    return { kind: "page", page };
  }

  function logHit(
    req: IncomingMessage,
    status: number,
    started: bigint,
    cache: "hit" | "stale" = "hit",
  ) {
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

  return {
    serveFromStore(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const url = req.url;
      if (!url || !getPageKey) return false;
      const pageKey = getPageKey(url);
      if (!pageKey) return false;
      if (!pageKey.exact && needsQuery?.(url)) return false;
      // A session cookie (or token) is checked on the slower path: it may be a signed-in admin's.
      if (hasCookie(req, sessionCookie) || req.headers.authorization) return false;
      const serve = (version: number) => {
        store.syncVersion(version);
        const page = store.get(pageKey.key);
        if (!page) return false;
        const started = process.hrtime.bigint();
        sendPage(req, res, page);
        onPageFetch(req, formSecret);
        onServed(req, res.statusCode);
        noteHit(pageKey.key, page);
        logHit(req, res.statusCode, started);
        return true;
      };
      // The database cannot say whether the kept page is current: it is served as it is, and a
      // page not kept goes on to the slower path, which renders without asking again (a database
      // that just failed would make it wait a second time).
      const serveStale = () => {
        const page = store.peek(pageKey.key);
        if (!page) {
          versionUnreadable.add(req);
          return false;
        }
        const started = process.hrtime.bigint();
        sendPage(req, res, page, true);
        onServed(req, res.statusCode);
        logHit(req, res.statusCode, started, "stale");
        return true;
      };
      let version: number | Promise<number>;
      try {
        version = getDataVersion(db, { sameBatch: true });
      } catch {
        return serveStale();
      }
      if (typeof version !== "number") return version.then(serve, serveStale);
      return serve(version);
    },

    async middleware(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      if (!getPageKey) await keysReady;
      const pageKey = getPageKey?.(req.originalUrl);
      if (!pageKey) return next();
      onPageFetch(req, formSecret);
      // A signed-in admin's page (the host looked the session up) is rendered for them alone
      // (fresh, private, no-store), never stored.
      if (res.locals.knownSession) return next();
      if (versionUnreadable.has(req)) return next();
      let version: number;
      try {
        version = await getDataVersion(db);
      } catch (error) {
        const page = store.peek(pageKey.key);
        if (page) return sendPage(req, res, page, true);
        // Without the version the cache cannot be trusted: render as an ordinary request.
        logDatabaseError(logger, error, "Data version unreadable: page rendered without the cache");
        return next();
      }
      store.syncVersion(version);
      const cached = store.get(pageKey.key);
      if (cached) {
        sendPage(req, res, cached);
        return noteHit(pageKey.key, cached);
      }

      // Per data version: a request that read a newer version never gets an older render.
      const pendingKey = `${version} ${pageKey.key}`;
      let rendering = pending.get(pendingKey);
      if (!rendering) {
        // Nobody to answer: a render for the store alone would be work nobody asked for.
        if (isClientGone(res)) return;
        if (!shedder.tryStart()) {
          sendBusy(res, shedder.retryAfterSeconds());
          return;
        }
        rendering = renderForStore(
          pageKey.key,
          pageKey.pathWithQuery,
          pageKey.data,
          version,
        ).finally(() => {
          shedder.finish();
          // On SQLite a render may run from start to end without yielding to the event loop, so
          // requests that came in meanwhile are read only after it: they still share it, until
          // the loop has read every socket that was ready (setImmediate runs after that phase).
          setImmediate(() => pending.delete(pendingKey));
        });
        pending.set(pendingKey, rendering);
      }
      let rendered: Rendered;
      try {
        rendered = await rendering;
      } catch (error) {
        return next(error);
      }
      if (rendered.kind === "page") return sendPage(req, res, rendered.page);
      // Not a page to keep (a 404, a redirect...): rendered for the URL without the query parts
      // pages ignore, so if the request had any, it is answered as it came, by the next handler.
      if (!pageKey.exact) return next();
      sendOther(req, res, rendered);
    },

    stats: () => store.stats(),
    peek: (url) => {
      const pageKey = getPageKey?.(url);
      return pageKey && store.peek(pageKey.key);
    },
    whenCompressed: () => recompressor.whenIdle(),
    holds: (url) => {
      const pageKey = getPageKey?.(url);
      return pageKey !== undefined && store.has(pageKey.key);
    },
  };
}

const staleCacheStatus = "site; hit; detail=stale-if-error";

const busyMessage = "The site is very busy right now. Please try again in a moment.";

/** The overload answer: short, uncached, with the time to wait; JSON for the API. */
export function sendBusy(res: ServerResponse, retryAfterSeconds: number, path = "") {
  const json = path.startsWith("/api/");
  const body = json ? JSON.stringify({ message: busyMessage }) : busyMessage;
  res.writeHead(503, {
    "content-type": json ? "application/json" : "text/plain; charset=utf-8",
    "retry-after": String(retryAfterSeconds),
    "cache-control": "no-store",
    "content-length": String(Buffer.byteLength(body)),
  });
  res.end(body);
}
