// Server rendering of HTML documents: a page for one request streams with its CSP nonce, a page for
// the page cache renders whole with its inline scripts' hashes in its policy (docs/decisions/004).
// Answers 304 to a revalidation of an unchanged page.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { getAppContext } from "~/platform/context.server";
import {
  databaseRetryAfterSeconds,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/unavailable.server";
import { applyDocumentCaching } from "~/platform/document/etag.server";
import { HeldHtmlContext } from "~/platform/document/held-html";
import { getInlineStylesheet } from "~/platform/document/inline-stylesheet.server";
import {
  createModulePreloadFilter,
  removeModulePreloads,
} from "~/platform/document/module-preloads.server";
import { InlineStylesheetContext } from "~/platform/document/stylesheet";
import { hasFailedForDatabase, noteDatabaseFailure } from "~/platform/http/database-outage.server";
import {
  buildDocumentCsp,
  getFrameOrigin,
  hashInlineScripts,
} from "~/platform/http/security-headers.server";
import { expirePageAt } from "~/platform/page-cache/hints.server";
import type { RouteHandle } from "~/platform/route-handle";
import { readUserAgentStart } from "~/platform/user-agent";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, forCache, logger, heldHtml } = getAppContext(loadContext);
  const { staticHandlerContext } = routerContext;
  // A page whose data could not be read because the database is unavailable is a 503 with
  // Retry-After (the error page asks to try again), not a 500. So is a 503 thrown on purpose (the
  // admin gate's, when it cannot check the session): a thrown response's headers are not kept.
  if (
    responseStatusCode === 503 ||
    hasFailedForDatabase(loadContext) ||
    Object.values(staticHandlerContext.errors ?? {}).some(isDatabaseUnavailable)
  ) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(databaseRetryAfterSeconds));
    responseHeaders.set("Cache-Control", "no-store");
  }
  const notModified = applyDocumentCaching({
    request,
    statusCode: responseStatusCode,
    headers: responseHeaders,
    buildVersion: routerContext.manifest.version,
    loaderData: staticHandlerContext.loaderData,
    errors: staticHandlerContext.errors,
  });
  if (notModified) {
    // No Content-Security-Policy here: the browser keeps the stored page with its own policy and
    // nonce, and a new nonce would block the stored page's scripts.
    await routerContext.serverHandoffStream?.cancel();
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  const { content } = await getRequestContent(loadContext);
  const frameOrigin = getFrameOrigin(content.booking.url);
  if (import.meta.env.PROD && !forCache) {
    responseHeaders.set("Content-Security-Policy", buildDocumentCsp({ nonce, frameOrigin }));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (forCache) {
    const { html, failed } = await renderWholeDocument(
      routerContext,
      request.url,
      nonce,
      logger,
      heldHtml,
    );
    // A part that failed to render (React shows it client-side) must not be kept for everyone.
    if (failed) expirePageAt(loadContext, Number.NEGATIVE_INFINITY);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    if (import.meta.env.PROD) {
      responseHeaders.set(
        "Content-Security-Policy",
        buildDocumentCsp({ scriptHashes: hashInlineScripts(html, nonce), frameOrigin }),
      );
    }
    return new Response(html, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = readUserAgentStart(request.headers.get("user-agent"));
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      buildDocument(routerContext, request.url, nonce, heldHtml),
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // No script preloads: the page paints before its scripts load (module-preloads.server).
          const withoutPreloads = createModulePreloadFilter();
          pipe(withoutPreloads);
          withoutPreloads.pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "Streaming render error");
        },
      },
    );
  });
}

/**
 * Loader and action errors: a database outage is one warning line; a request React Router itself
 * refuses (a 405 for a method a route has no action for, a 404, a post from another origin) is the
 * client's mistake, one info line without a stack; anything else a full error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // In production React Router replaces errors with a generic one before rendering, so the cause
  // is noted here, where it is still known.
  noteDatabaseFailure(context as RouterContextProvider, error);
  if (request.signal.aborted) return;
  const { logger } = getAppContext(context as RouterContextProvider);
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(logger, error, { method: request.method, url: request.url });
  } else if (error instanceof Error && /Aborting the action\.$/.test(error.message)) {
    // React Router's own origin check (the server's cross-site guard refuses nearly all first).
    logger.info({ method: request.method, url: request.url, status: 400 }, error.message);
  } else if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = typeof error.data === "string" ? error.data.replace(/^Error: /, "") : "";
    logger.info(
      { method: request.method, url: request.url, status: error.status },
      reason || `${error.status} ${error.statusText}`,
    );
  } else {
    logger.error({ err: error, url: request.url }, "Request failed");
  }
};

/** Whether the page's routes link the stylesheet instead of inlining it (the admin screens). */
function isStylesheetLinked(routerContext: EntryContext): boolean {
  return routerContext.staticHandlerContext.matches.some(
    (match) => (match.route.handle as RouteHandle | undefined)?.stylesheet === "linked",
  );
}

/** The document React renders, streamed or whole: the router with the inlined stylesheet. */
function buildDocument(
  routerContext: EntryContext,
  url: string,
  nonce: string,
  heldHtml: ReadonlyMap<string, string> | undefined,
) {
  return (
    <InlineStylesheetContext value={isStylesheetLinked(routerContext) ? "" : getInlineStylesheet()}>
      <HeldHtmlContext value={heldHtml}>
        <ServerRouter context={routerContext} url={url} nonce={nonce} />
      </HeldHtmlContext>
    </InlineStylesheetContext>
  );
}

/** The whole document as one string, for a page the cache keeps (its scripts get hashed). */
function renderWholeDocument(
  routerContext: EntryContext,
  url: string,
  nonce: string,
  logger: { error: (details: object, message: string) => void },
  heldHtml: ReadonlyMap<string, string> | undefined,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed = false;
    const collector = new PassThrough();
    collector.on("data", (chunk: Buffer) => chunks.push(chunk));
    // Same shape as a streamed page: no script preloads (module-preloads.server).
    collector.on("end", () =>
      resolve({ html: removeModulePreloads(Buffer.concat(chunks).toString("utf8")), failed }),
    );
    collector.on("error", reject);
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      buildDocument(routerContext, url, nonce, heldHtml),
      {
        nonce,
        onAllReady() {
          clearTimeout(timeoutId);
          pipe(collector);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          logger.error({ err: error }, "Render error");
        },
      },
    );
  });
}
