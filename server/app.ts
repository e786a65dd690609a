// The site's HTTP application, bundled by Vite with every route: security headers, compression,
// static files, logs, caps, health, the page cache, the overload guard and React Router.
// server/index.ts boots it in production; scripts/dev.ts through Vite.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  createRequestHandler as createRouterHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { maxUploadBodyBytes, uploadsUrlPath } from "~/capabilities/media/image-rules";
import {
  createVariantHandler,
  type VariantHandlerOptions,
} from "~/capabilities/media/image-variants.server";
import { loadImageVersions, serveVersionedImage } from "~/capabilities/media/image-versions.server";
import { createOriginalImageHandler } from "~/capabilities/media/original-images.server";
import { getSiteContent } from "~/features/content/site-content.server";
import { pageTitlesContext } from "~/features/leads/page-titles.server";
import { recordPageFetch } from "~/features/leads/spam/page-fetches.server";
import { listLivePaths } from "~/features/pages/live-pages.server";
import { listPageTitles } from "~/features/publishing/store/reads.server";
import {
  createRedirectServing,
  livePathsContext,
  pageProbeContext,
} from "~/features/redirects/redirect-serving.server";
import { createRequestNetworks } from "~/platform/client-network.server";
import { getImageCacheDir } from "~/platform/config.server";
import type { AppServices, RequestInfo } from "~/platform/context.server";
import { appContext } from "~/platform/context.server";
import { runWithDatabasePriority } from "~/platform/db/priority-lane.server";
import { getReportsDb } from "~/platform/db/reports-db.server";
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/unavailable.server";
import { loadInlineStylesheet } from "~/platform/document/inline-stylesheet.server";
import { redirectToCanonicalPath } from "~/platform/http/canonical-path.server";
import { isClientGone } from "~/platform/http/client-gone.server";
import {
  baseSecurityHeaders,
  buildHstsHeader,
  defaultContentSecurityPolicy,
} from "~/platform/http/security-headers.server";
import { type LoopMonitor, startLoopMonitor, trackWork } from "~/platform/loop-monitor.server";
import {
  createLoadShedder,
  type FinishWork,
  type LoadShedderOptions,
  type OverloadState,
} from "~/platform/overload.server";
import { createPageCache, type PageCache, sendBusy } from "~/platform/page-cache/page-cache.server";
import { addHostPaths, collectRouteFacts, type RouteFacts } from "~/platform/route-facts.server";
import { getSession, readSessionIdFromHeaders } from "~/platform/sessions.server";
import { toSlug } from "~/platform/slug";
import {
  createVisitRecorder,
  type VisitRecorder,
  type VisitRecorderOptions,
} from "~/platform/visits/visit-recorder.server";
import { createCrossSiteGuard } from "./cross-site.server";
import { checkHealth, checkReadiness } from "./health.server";
import {
  createRequestCaps,
  defaultRequestCaps,
  type RequestCaps,
  type RequestCapsCounts,
} from "./request-caps.server";
import { createRequestGuard } from "./request-guard.server";
import { isShuttingDown } from "./serving.server";
import { servePrecompressed } from "./static-files.server";

export { runAdminCommand } from "~/features/admin/admins/admin-cli.server";
export { describeOperatorFault } from "~/platform/file-faults.server";
export { startBackgroundJobs } from "./background-jobs.server";
export { bootServices } from "./boot.server";
export { runDataCommand } from "./data-commands.server";
export {
  createSiteServer,
  readConnectionCounts,
  shutDownGracefully,
  shutdownTimings,
} from "./serving.server";
export { warmUpSite } from "./warm-up.server";
export { runWorkerPool } from "./workers.server";

/** Largest request body accepted; the content editor's saves are the biggest bodies we take. */
export const maxBodyBytes = 1024 * 1024;

/** The footer's old service paths, answered with 301 to the matching service. */
const legacyServicePaths = [
  "it-strategy",
  "network-security",
  "cloud-infrastructure",
  "managed-it",
];

export type SiteAppOptions = {
  mode: "production" | "development";
  /** Where the client build lives; production only. */
  clientDir?: string;
  /** Page cache byte budget (production only); 0 turns the cache off. */
  pageCacheBytes?: number;
  /** When to answer 503 because too much work is queued (tests make it small). */
  overload?: LoadShedderOptions;
  /** Per-network request caps and body deadlines (tests make the deadlines short). */
  requestCaps?: Partial<RequestCaps>;
  /** How many image sizes are made at once and may wait (tests make it small). */
  imageVariants?: Pick<VariantHandlerOptions, "concurrency" | "queueLimit">;
  /** The visit counter's clock and batch sizes (tests). */
  visits?: Pick<
    VisitRecorderOptions,
    | "now"
    | "flushMs"
    | "maxBatchKeys"
    | "maxBatches"
    | "newVisitorsPerNetworkHour"
    | "newValuesPerDay"
  >;
};

/** The places the app holds right now: all 0 once every request has ended, however it ended. */
export type SiteLoad = { requests: RequestCapsCounts; overload: OverloadState };

/**
 * The app as a plain Node request listener, with its page cache and load for tests to inspect and
 * the TRUST_PROXY rule (the HTTP server exempts trusted proxies from its per-network connection cap).
 */
export type SiteApp = ((req: IncomingMessage, res: ServerResponse, next?: NextFunction) => void) & {
  pageCache?: PageCache;
  isTrustedProxy: (address: string, hop: number) => boolean;
  readLoad: () => SiteLoad;
  /** The visit counter: its stop() writes what is pending, at shutdown. */
  visits: VisitRecorder;
  /** The event loop's measured delay (in /readyz); stop() ends the measuring. */
  loopDelay: LoopMonitor;
};

function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Marks a request as under way until its response closes: a stall meanwhile names it. */
function trackRequest(req: IncomingMessage, res: ServerResponse) {
  res.once("close", trackWork(`${req.method} ${req.url}`));
}

/**
 * Where a document render holds drawn HTML apart from its data; none for a data request
 * (`/page.data`), whose answer is all the browser gets.
 */
function holdHtmlFor(path: string): Map<string, string> | undefined {
  return path.endsWith(".data") ? undefined : new Map();
}

function sendJsonError(res: Response, status: number, message: string) {
  res.status(status).type("application/json").send(JSON.stringify({ message }));
}

/**
 * Makes something from the server build once: in production the build is one object, given to
 * React Router as such, because handed a function React Router calls it and rebuilds its route
 * tables on every request (profiled at 11% of a page render's CPU: the import'./s module resolution
 * and createStaticHandler). Development passes the function, so Vite's reloaded routes are used.
 */
function createFromBuild<T extends object>(
  mode: SiteAppOptions["mode"],
  importBuild: () => Promise<ServerBuild>,
  create: (build: ServerBuild | (() => Promise<ServerBuild>)) => T,
): () => T | Promise<T> {
  if (mode !== "production") {
    const made = create(importBuild);
    return () => made;
  }
  let made: T | undefined;
  const making = importBuild().then((build) => {
    made = create(build);
    return made;
  });
  // A build that fails to load fails each request that needs it, through the error handler.
  making.catch(() => {});
  return () => made ?? making;
}

/** The paths of the handlers added to Express with one ("/healthz", "/assets"). */
function listHostPaths(app: express.Express): string[] {
  return app.router.stack.flatMap((layer) => {
    // Express 5 keeps the path a handler was added with; one added without has "/" or none.
    const path = (layer as { rawPath?: unknown }).rawPath;
    return typeof path === "string" && path !== "/" ? [path] : [];
  });
}

export function createSiteApp(services: AppServices, options: SiteAppOptions): SiteApp {
  const { config, db, logger } = services;
  const reportsDb = getReportsDb(db);
  const app = express();
  const importBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const shedder = createLoadShedder(options.overload);
  const loopDelay = startLoopMonitor({ logger });
  // What the route modules' handles say (the sitemaps' pages, what the page cache may keep, the
  // admin navigation), read once from the build; in development from the build of the moment.
  const readRouteFacts = createFromBuild(options.mode, importBuild, (build) => {
    if (typeof build !== "function") return collectRouteFacts(build.routes);
    const collecting = build().then((fresh) => collectRouteFacts(fresh.routes));
    // As with the build itself: a failure fails each request that needs the facts.
    collecting.catch(() => {});
    return collecting;
  });
  // The paths Express answers itself (/healthz, /assets...), read from its router once every
  // handler is added: the route facts count them as taken, so no page is created at one.
  let hostPaths: readonly string[] = [];
  const withHostPaths = new WeakMap<RouteFacts, RouteFacts>();
  const getRouteFacts = async (): Promise<RouteFacts> => {
    const facts = await readRouteFacts();
    let full = withHostPaths.get(facts);
    if (!full) {
      full = addHostPaths(facts, hostPaths);
      if (hostPaths.length > 0) withHostPaths.set(facts, full);
    }
    return full;
  };
  let visits: VisitRecorder | undefined;
  async function createLoadContext(info: RequestInfo) {
    const context = new RouterContextProvider();
    context.set(appContext, {
      ...services,
      ...info,
      visits,
      routes: await getRouteFacts(),
      reportsDb,
    });
    context.set(pageProbeContext, probePage);
    context.set(livePathsContext, () => listLivePaths(context));
    // The inbox names a lead's landing page by its article's or case study's title.
    context.set(pageTitlesContext, listPageTitles);
    return context;
  }
  const getRenderer = createFromBuild(options.mode, importBuild, (build) =>
    createRouterHandler(build, options.mode),
  );
  const renderWithRouter: ReturnType<typeof createRouterHandler> = async (request, context) =>
    (await getRenderer())(request, context);
  // What a path answers from the pages alone, as an anonymous visitor would get it: the
  // redirects screen asks before a rule hides a live page. The rules are not consulted here.
  async function probePage(path: string): Promise<number> {
    const request = new Request(new URL(path, config.SITE_URL), {
      headers: { accept: "text/html" },
    });
    const response = await renderWithRouter(
      request,
      await createLoadContext({ clientIp: "", nonce: createNonce(), knownSession: null }),
    );
    await response.body?.cancel();
    return response.status;
  }
  const baseHeaders: Record<string, string> = { ...baseSecurityHeaders };
  if (config.secure)
    baseHeaders["Strict-Transport-Security"] = buildHstsHeader(config.HSTS_INCLUDE_SUBDOMAINS);
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", false);
  const isTrustedProxy = app.get("trust proxy fn") as SiteApp["isTrustedProxy"];
  // One reading of the client's network (TRUST_PROXY applied) for every per-network cap.
  const networkOf = createRequestNetworks(isTrustedProxy);
  const redirects = createRedirectServing({ ...services, networkOf });
  // Page views counted in memory, the cache's hits included; the site layout's routes are pages.
  const visitRecorder = createVisitRecorder({
    db,
    logger,
    enabled: config.VISIT_COUNTING,
    networkOf,
    ...options.visits,
  });
  visits = visitRecorder;
  getRouteFacts().then(
    (facts) =>
      visitRecorder.setPublicPageTest((path) => facts.getCacheRule(path)?.value !== undefined),
    () => {},
  );
  const pageCache =
    options.mode === "production" && options.pageCacheBytes !== 0
      ? createPageCache({
          db,
          config,
          logger,
          shedder,
          baseHeaders,
          onPageFetch: (req, formSecret) =>
            recordPageFetch(req, networkOf(req), config.secure, formSecret),
          onServed: visitRecorder.noteView,
          budgetBytes: options.pageCacheBytes,
          needsQuery: redirects.needsQuery,
          routes: getRouteFacts(),
          render: async (request, facts) =>
            renderWithRouter(
              request,
              await createLoadContext({
                clientIp: "",
                nonce: createNonce(),
                forCache: true,
                heldHtml: holdHtmlFor(new URL(request.url).pathname),
                ...facts,
              }),
            ),
        })
      : undefined;
  // Per-network caps on requests in progress and bodies still arriving, first thing: a refused
  // request costs nothing more, and a request goes on only once its body is in. With the page
  // cache it runs in `site` below, ahead of everything else.
  const admitRequest = createRequestCaps({
    networkOf,
    logger,
    caps: { ...defaultRequestCaps, ...options.requestCaps },
  });
  if (!pageCache) {
    app.use((req: Request, res: Response, next: NextFunction) => {
      trackRequest(req, res);
      next();
    });
    app.use(admitRequest);
  }
  // Malformed requests end here, before logging, routing, the page cache or React Router sees
  // them. With the page cache the guard runs in front of it (below), ahead of Express.
  const guardRequest = createRequestGuard(config.SITE_URL, isTrustedProxy, logger);
  if (!pageCache) app.use(guardRequest);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info(
        {
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        },
        "request",
      );
    });
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    // HTML documents bring their own policy (entry.server.tsx); everything else gets the strict
    // default. Set at the last moment: two CSP headers would both be enforced. A 304 gets none:
    // the browser would pair a new policy with the stored page, whose scripts carry the old nonce.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (status !== 304 && !this.hasHeader("content-security-policy")) {
        this.setHeader("Content-Security-Policy", defaultContentSecurityPolicy);
      }
      // While shutting down, every answer tells a keep-alive client to open a new connection,
      // also one whose request arrived before the shutdown began.
      if (isShuttingDown()) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const length = Number(req.headers["content-length"] ?? 0);
    // Image uploads (up to 25 MB) are the one larger body; the endpoint checks the file itself.
    const cap = req.path === "/api/admin/images" ? maxUploadBodyBytes : maxBodyBytes;
    if (length > cap) return sendJsonError(res, 413, "The request is too large");
    if (req.headers["transfer-encoding"] && !req.headers["content-length"]) {
      return sendJsonError(res, 411, "The request must say how long its body is");
    }
    next();
  });

  app.use(createCrossSiteGuard(config.SITE_URL, logger));

  // A client that has gone gets no compression of the answer nobody will read.
  app.use(
    compression({ filter: (req, res) => !isClientGone(res) && compression.filter(req, res) }),
  );

  app.use((req: Request, res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch {
      res.status(400).type("text/plain").send("Bad request: the address is not a valid URL");
    }
  });

  // The owner's redirect rules, before the canonical path's 301: an old address with a trailing
  // slash (/2019/05/offer/) takes one hop to its target. Never on a cache hit, answered earlier.
  app.use(redirects.middleware);

  // One address per page: /About/ and //about answer 301 to /about.
  app.use(redirectToCanonicalPath);

  app.get("/healthz", async (_req: Request, res: Response) => {
    const report = await runWithDatabasePriority(() =>
      checkHealth(db, getImageCacheDir(config), config.DATABASE_URL),
    );
    res.setHeader("Cache-Control", "no-store");
    if (report.ok) return res.json({ status: "ok", checks: report.checks });
    const failed = Object.keys(report.checks).filter((name) => report.checks[name] !== "ok");
    logger.warn({ checks: report.checks }, "Health check failed");
    res.setHeader("Retry-After", String(databaseRetryAfterSeconds));
    res.status(503).json({
      status: "unavailable",
      message: `Failing: ${failed.join(", ")}`,
      checks: report.checks,
    });
  });

  app.get("/readyz", async (_req: Request, res: Response) => {
    const report = await runWithDatabasePriority(() =>
      checkReadiness(db, isShuttingDown(), shedder.state()),
    );
    res.setHeader("Cache-Control", "no-store");
    res.status(report.ok ? 200 : 503).json({
      status: report.ok ? "ready" : "not ready",
      checks: report.checks,
      overload: report.overload,
      eventLoop: loopDelay.read(),
    });
  });

  app.get("/services/:slug", async (req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    if (!legacyServicePaths.includes(slug)) return next();
    const { content } = await getSiteContent(db, logger);
    const slugs = content.services.items.map((item) => toSlug(item.title));
    if (slugs.includes(slug)) return next();
    const target = slugs.find((candidate) => candidate.startsWith(`${slug}-`));
    res.redirect(301, target ? `/services/${target}` : "/services");
  });

  // The sizes of uploaded images, /images/uploads/<id>.w<width>.<format>; any other
  // address goes on to the originals below.
  const variants = createVariantHandler(services, { ...options.imageVariants, baseHeaders });
  app.use(variants);

  // Uploaded images' originals, from the database through this instance's disk cache: random
  // names never reused, so cached for good; the strict default CSP and nosniff above keep any file
  // from being run as a page or script. Other addresses under the path go on.
  app.use(uploadsUrlPath, createOriginalImageHandler(services));

  // A request that carries a session is looked up once, here, whatever its path (hashed assets
  // aside): a signed-in admin is never answered from the cache nor refused by the overload guard,
  // and the pages and API routes take the session from here instead of reading it again.
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith("/assets/")) return next();
    const id = readSessionIdFromHeaders(
      req.headers.cookie,
      req.headers.authorization,
      config.secure,
    );
    if (!id) return next();
    // A failed lookup (the database is down) leaves it to the route, which answers 503. The lookup,
    // and all a signed-in admin's request does after it, use the database's priority lane.
    try {
      res.locals.knownSession = (await runWithDatabasePriority(() => getSession(db, id))) ?? null;
    } catch {}
    if (res.locals.knownSession) runWithDatabasePriority(next);
    else next();
  });

  // A public page answered past the fast path (a miss, an uncached page) is counted once sent;
  // a signed-in admin's views are not.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" && !res.locals.knownSession) {
      const url = req.originalUrl;
      res.once("finish", () => visitRecorder.noteView(req, res.statusCode, url));
    }
    next();
  });

  // Anonymous public pages: from the page cache, or rendered once into it. Before the client
  // build's files: a page's path has no dot (keys.server), no file there has none, and looking
  // for one cost each miss a stat (4% of its CPU).
  if (pageCache) app.use(pageCache.middleware);

  if (options.mode === "production" && options.clientDir) {
    loadInlineStylesheet(options.clientDir);
    loadImageVersions(options.clientDir);
    // Brotli and gzip copies made at build time, sent in preference to compressing each time.
    app.use("/assets", servePrecompressed(`${options.clientDir}/assets`, { immutable: true }));
    app.use(serveVersionedImage);
    // No redirect of folders to "/": /images is the media library page, not public/images/.
    app.use(servePrecompressed(options.clientDir, { immutable: false }));
  }

  // Everything else React Router answers costs a render or an API call: refused with 503 when
  // more is queued than the process gets through in a second, or the event loop runs late.
  // The slot is held until the render ends (below), or a while after its client left.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (res.locals.knownSession) return next();
    const admission = shedder.admit(res);
    if (admission === "gone") return;
    if (admission === "refused") return sendBusy(res, shedder.retryAfterSeconds(), req.path);
    res.locals.finishWork = admission;
    next();
  });

  const getRouterHandler = createFromBuild(options.mode, importBuild, (build) =>
    createRequestHandler({
      build,
      mode: options.mode,
      getLoadContext(req: Request, res: Response) {
        return createLoadContext({
          nonce: createNonce(),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "",
          knownSession: res.locals.knownSession,
          heldHtml: holdHtmlFor(req.path),
        });
      },
    }),
  );
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    const finishWork: FinishWork = res.locals.finishWork ?? (() => {});
    try {
      const handler = await getRouterHandler();
      // Left while waiting: nobody would read the render.
      if (isClientGone(res)) return;
      await handler(req, res, next);
    } catch (error) {
      next(error);
    } finally {
      finishWork();
    }
  });

  // A malformed URL or a request Express itself refuses gets a 4xx, never a 500 page; a database
  // outage that reached this far gets the same 503 as everywhere else.
  app.use(
    (error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
      if (isDatabaseUnavailable(error)) {
        logDatabaseUnavailable(logger, error, { method: req.method, url: req.originalUrl });
        if (res.headersSent) return res.end();
        res.setHeader("Retry-After", String(databaseRetryAfterSeconds));
        return sendJsonError(res, 503, databaseUnavailableMessage);
      }
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      if (status === 500) logger.error({ err: error }, "Unhandled request error");
      if (res.headersSent) return res.end();
      sendJsonError(res, status, status === 500 ? "Something went wrong" : "Bad request");
    },
  );

  hostPaths = listHostPaths(app);

  const readLoad = (): SiteLoad => ({
    requests: admitRequest.readCounts(),
    overload: shedder.state(),
  });
  if (!pageCache) {
    return Object.assign(app, {
      isTrustedProxy,
      readLoad,
      visits: visitRecorder,
      loopDelay,
    }) as unknown as SiteApp;
  }
  // Cache hits are answered before Express: a few microseconds instead of its whole stack. The
  // request guard still comes first: a bad Host or method never gets a cached page.
  const serveSite = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => {
    guardRequest(req, res, () => {
      const goOn = () => {
        // Only work past the cache is tracked: a hit is a copy from memory that cannot stall the
        // loop, and tracking it cost the hit path a tenth of its throughput.
        trackRequest(req, res);
        if (next) app(req as Request, res as Response, next);
        else app(req, res);
      };
      // A cache hit during shutdown closes its keep-alive connection too.
      if (isShuttingDown()) res.setHeader("Connection", "close");
      // Sizes of uploaded images held in memory, answered the same way.
      if (variants.serveFromMemory(req, res)) return;
      const served = pageCache.serveFromStore(req, res);
      if (served === true) return;
      if (served === false) return goOn();
      served.then((done) => done || goOn(), goOn);
    });
  };
  const site: SiteApp = (req, res, next) => {
    admitRequest(req, res, () => serveSite(req, res, next));
  };
  site.pageCache = pageCache;
  site.isTrustedProxy = isTrustedProxy;
  site.readLoad = readLoad;
  site.visits = visitRecorder;
  site.loopDelay = loopDelay;
  return site;
}
