// Server rendering of HTML documents: streams React with the request's CSP nonce, sets the
// document Content-Security-Policy (booking host allowed as a frame) and answers 304 to a
// revalidation of an unchanged page.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { InlineStylesheetContext } from "~/components/layout/stylesheet";
import { getAppContext } from "~/server/context.server";
import { getInlineStylesheet } from "~/server/inline-stylesheet.server";
import { createModulePreloadFilter } from "~/server/module-preloads.server";
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
      <InlineStylesheetContext value={getInlineStylesheet()}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheetContext>,
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
