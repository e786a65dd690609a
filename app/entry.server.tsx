// Server rendering of HTML documents: streams React with the request's CSP nonce, sets the
// document Content-Security-Policy (booking host allowed as a frame) and answers 304 to a
// revalidation of an unchanged page.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { getAppContext } from "~/server/context.server";
import {
  databaseRetryAfterSeconds,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/server/db/unavailable.server";
import { applyDocumentCaching } from "~/server/page-cache.server";
import { buildDocumentCsp, getFrameOrigin } from "~/server/security-headers.server";
import { getSiteContent } from "~/server/site-content.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, db, logger } = getAppContext(loadContext);
  const { staticHandlerContext } = routerContext;
  // A page whose data could not be read because the database is unavailable is a 503 with
  // Retry-After (the error page asks to try again), not a 500.
  if (
    failedForDatabase.has(request) ||
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
  const { content } = await getSiteContent(db, logger);
  if (import.meta.env.PROD) {
    responseHeaders.set(
      "Content-Security-Policy",
      buildDocumentCsp({ nonce, frameOrigin: getFrameOrigin(content.booking.url) }),
    );
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
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
          pipe(body);
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
 * Requests whose loader or action met a database outage. In production React Router replaces
 * errors with a generic one before rendering, so the cause is noted here, where it is still known.
 */
const failedForDatabase = new WeakSet<Request>();

/** Loader and action errors: a database outage is one warning line, anything else a full error. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) failedForDatabase.add(request);
  if (request.signal.aborted) return;
  const { logger } = getAppContext(context as RouterContextProvider);
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(logger, error, { method: request.method, url: request.url });
  } else {
    logger.error({ err: error, url: request.url }, "Request failed");
  }
};
