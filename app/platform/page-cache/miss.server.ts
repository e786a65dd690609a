// The page cache's slower path, in Express: a signed-in admin's page goes on to React Router
// untouched; a page not kept (or not current) is rendered once per key and data version, without
// the visitor's headers, kept when it may be (gzipped fast now, brotli later) and sent.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import { computeDataEtag, documentCacheControl } from "~/platform/document/etag.server";
import { isClientGone } from "~/platform/http/client-gone.server";
import { defaultContentSecurityPolicy } from "~/platform/http/security-headers.server";
import type { PageCacheHints } from "../context.server";
import { type DataVersions, getDataVersion } from "../data-version.server";
import { sendBusy } from "./busy.server";
import {
  isClearForPage,
  type PageCacheState,
  type Rendered,
  versionUnreadable,
} from "./cache-state.server";
import { runWithCacheHints } from "./hints.server";
import type { PageKey } from "./keys.server";
import { noteHit, sendPage } from "./send-page.server";
import { type CachedPage, getPageBytes } from "./store.server";

const gzipAsync = promisify(gzip);

/**
 * The gzip level of a miss, made on the request and kept: level 4 took 2.7-3.6 ms for the 115 KB
 * /blog, against 2.1-2.5 ms at 1, 3.9-5.1 ms at 6 and 5.3-6.3 ms at 9, for a copy 4.6% larger
 * than level 9's (22.6 KB against 21.6 KB; level 1 makes 25.2 KB). Not made better later: the
 * gzip bytes of a page stay the same as long as it is kept.
 */
export const missGzipLevel = 4;

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
    // Not checked yet: the render's caller says (renderForStore).
    rulesCheckedAt: -1,
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
  state: PageCacheState,
  pageKey: PageKey,
  versions: DataVersions,
): Promise<Rendered> {
  // The page is rendered for the canonical origin and without the visitor's headers, so
  // nothing of one visitor's request can end up in the copy every visitor gets.
  const request = new Request(new URL(pageKey.pathWithQuery, state.origin), {
    headers: { accept: "text/html" },
  });
  const cacheHints: PageCacheHints = {};
  const response = await runWithCacheHints(cacheHints, () =>
    state.render(request, { knownSession: null, cacheHints }),
  );
  const body = Buffer.from(await response.arrayBuffer());
  const validUntil = cacheHints.validUntil ?? Number.POSITIVE_INFINITY;
  if (!isStorable(response, pageKey.data) || validUntil <= Date.now()) {
    return { kind: "other", status: response.status, headers: [...response.headers], body };
  }
  const page = await toCachedPage(response, body, pageKey.data, versions.pages, validUntil);
  // Checked for rules at this site version when the rules say so now (they did for the request
  // that asked, on its way here); else the next hit asks them.
  isClearForPage(state, page, pageKey.pathWithQuery, versions.site);
  state.store.set(pageKey.key, page);
  return { kind: "page", page };
}

/**
 * The render of this key at these data versions: the one under way, else a new one when the
 * overload guard admits it. Undefined when the request is answered already (busy) or gone.
 */
function shareRender(
  state: PageCacheState,
  res: ExpressResponse,
  pageKey: PageKey,
  versions: DataVersions,
): Promise<Rendered> | undefined {
  const { pending, shedder } = state;
  // Per pages version: a request that read a newer version never gets an older render.
  const pendingKey = `${versions.pages} ${pageKey.key}`;
  const rendering = pending.get(pendingKey);
  if (rendering) return rendering;
  // Nobody to answer: a render for the store alone would be work nobody asked for.
  if (isClientGone(res)) return undefined;
  if (!shedder.tryStart()) {
    sendBusy(res, shedder.retryAfterSeconds());
    return undefined;
  }
  const started = renderForStore(state, pageKey, versions).finally(() => {
    shedder.finish();
    // On SQLite a render may run from start to end without yielding to the event loop, so
    // requests that came in meanwhile are read only after it: they still share it, until
    // the loop has read every socket that was ready (setImmediate runs after that phase).
    setImmediate(() => pending.delete(pendingKey));
  });
  pending.set(pendingKey, started);
  return started;
}

/** Express middleware: admin requests go on marked, misses are rendered, kept and sent. */
export async function serveMiss(
  state: PageCacheState,
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  if (!state.getPageKey) await state.keysReady;
  const pageKey = state.getPageKey?.(req.originalUrl);
  if (!pageKey) return next();
  state.onPageFetch(req, state.formSecret);
  // A signed-in admin's page (the host looked the session up) is rendered for them alone
  // (fresh, private, no-store), never stored.
  if (res.locals.knownSession) return next();
  if (versionUnreadable.has(req)) return next();
  const { store } = state;
  let versions: DataVersions;
  try {
    versions = await getDataVersion(state.db);
  } catch (error) {
    const page = store.peek(pageKey.key);
    if (page) return sendPage(state, req, res, page, true);
    // Without the version the cache cannot be trusted: render as an ordinary request.
    logDatabaseError(
      state.logger,
      error,
      "Data version unreadable: page rendered without the cache",
    );
    return next();
  }
  store.syncVersion(versions.pages);
  const cached = store.get(pageKey.key);
  // The rules were asked on the way here (answerRedirect): a page kept through a rule change is
  // served again once they found none for its address, without a render.
  if (cached && isClearForPage(state, cached, req.originalUrl, versions.site)) {
    sendPage(state, req, res, cached);
    return noteHit(state, pageKey.key, cached);
  }
  const rendering = shareRender(state, res, pageKey, versions);
  if (!rendering) return;
  let rendered: Rendered;
  try {
    rendered = await rendering;
  } catch (error) {
    return next(error);
  }
  if (rendered.kind === "page") return sendPage(state, req, res, rendered.page);
  // Not a page to keep (a 404, a redirect...): rendered for the URL without the query parts
  // pages ignore, so if the request had any, it is answered as it came, by the next handler.
  if (!pageKey.exact) return next();
  sendOther(req, res, rendered);
}
