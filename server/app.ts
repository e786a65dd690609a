// The site's HTTP application, bundled by Vite with every route: the front door (caps, guard,
// cached hits) and then the stages below, in the order a request meets them.
// server/index.ts boots it in production; scripts/dev.ts through Vite.
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type NextFunction } from "express";
import type { VariantHandlerOptions } from "~/capabilities/media/image-variants.server";
import { createVariantHandler } from "~/capabilities/media/image-variants.server";
import {
  type ClickRecorder,
  type ClickRecorderOptions,
  createClickRecorder,
} from "~/features/newsletter/clicks/click-recorder.server";
import { describeRenamedKinds } from "~/features/pages/renamed-items.server";
import { createRedirectAnswer } from "~/features/redirects/answer-redirect.server";
import { createRequestNetworks } from "~/platform/client-network.server";
import type { AppServices } from "~/platform/context.server";
import { type LoopMonitor, startLoopMonitor } from "~/platform/loop-monitor.server";
import {
  createLoadShedder,
  type LoadShedderOptions,
  type OverloadState,
} from "~/platform/overload.server";
import type { PageCache } from "~/platform/page-cache/page-cache.server";
import {
  createVisitRecorder,
  type VisitRecorder,
  type VisitRecorderOptions,
} from "~/platform/visits/visit-recorder.server";
import { createCrossSiteGuard } from "./cross-site.server";
import {
  createRequestCaps,
  defaultRequestCaps,
  type RequestCaps,
  type RequestCapsCounts,
} from "./request-caps.server";
import { createRequestGuard } from "./request-guard.server";
import { listHostPaths, makeStage, type Stage } from "./stage.server";
import { addressCheckStage } from "./stages/address-check.server";
import { makeAdmissionStage } from "./stages/admission.server";
import { bodyLimitsStage } from "./stages/body-limits.server";
import { makeClientBuildStage } from "./stages/client-build.server";
import { makeCompressionStage } from "./stages/compression.server";
import { makeCountingStage } from "./stages/counting.server";
import { makeErrorsStage } from "./stages/errors.server";
import { createFrontDoor } from "./stages/front-door.server";
import { makeHealthStage } from "./stages/health.server";
import { makeNewsletterClicksStage } from "./stages/newsletter-clicks.server";
import { makeOverloadStage } from "./stages/overload.server";
import { createSitePageCache, makePageCacheStage } from "./stages/page-cache.server";
import { createSiteRouter } from "./stages/react-router.server";
import { makeResponseHeadersStage, readBaseHeaders } from "./stages/response-headers.server";
import { makeSessionStage } from "./stages/session.server";
import { makeUploadedImagesStage } from "./stages/uploaded-images.server";

export { runAdminCommand } from "~/features/admin/admins/admin-cli.server";
export { describeOperatorFault } from "~/platform/file-faults.server";
export { trackWork } from "~/platform/loop-monitor.server";
export { startBackgroundJobs } from "./background-jobs.server";
export { bootServices } from "./boot.server";
export { runDataCommand } from "./data-commands.server";
export { boundHeapGrowth } from "./heap-growth.server";
export {
  createSiteServer,
  readConnectionCounts,
  shutDownGracefully,
  shutdownTimings,
} from "./serving.server";
export { maxBodyBytes } from "./stages/body-limits.server";
export { warmUpSite } from "./warm-up.server";
export { runWorkerPool } from "./workers.server";

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
  /** The newsletter click checks' timings and the click queue's flush interval (tests). */
  clicks?: Pick<ClickRecorderOptions, "timings" | "flushMs">;
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
  /** The newsletter click counter: its stop() writes what is queued, at shutdown. */
  clicks: ClickRecorder;
};

export function createSiteApp(services: AppServices, options: SiteAppOptions): SiteApp {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", false);
  const isTrustedProxy = app.get("trust proxy fn") as SiteApp["isTrustedProxy"];
  // One reading of the client's network (TRUST_PROXY applied) for every per-network cap.
  const networkOf = createRequestNetworks(isTrustedProxy);
  const shedder = createLoadShedder(options.overload);
  const loopDelay = startLoopMonitor({ logger });
  const baseHeaders = readBaseHeaders(config);
  const redirects = createRedirectAnswer({
    ...services,
    networkOf,
    renamedKinds: describeRenamedKinds(services.db, logger),
  });
  // Page views counted in memory, the cache's hits included; the site layout's routes are pages.
  const visits = createVisitRecorder({
    db: services.db,
    logger,
    enabled: config.VISIT_COUNTING,
    networkOf,
    ...options.visits,
  });
  const clicks = createClickRecorder({
    db: services.db,
    logger,
    siteUrl: config.SITE_URL,
    baseHeaders,
    ...options.clicks,
  });
  const router = createSiteRouter(services, options.mode, visits);
  router.getRouteFacts().then(
    (facts) => visits.setPublicPageTest((path) => facts.getCacheRule(path)?.value !== undefined),
    () => {},
  );
  const cacheOn = options.mode === "production" && options.pageCacheBytes !== 0;
  const pageCache = cacheOn
    ? createSitePageCache(services, {
        shedder,
        baseHeaders,
        networkOf,
        visits,
        router,
        rules: redirects,
        budgetBytes: options.pageCacheBytes,
      })
    : undefined;
  const admitRequest = createRequestCaps({
    networkOf,
    logger,
    caps: { ...defaultRequestCaps, ...options.requestCaps },
  });
  const guardRequest = createRequestGuard(config.SITE_URL, isTrustedProxy, logger);
  const variants = createVariantHandler(services, { ...options.imageVariants, baseHeaders });

  // The request flow past the front door, top to bottom (docs/architecture.md names each stage).
  const stages: Stage[] = [
    // With the page cache, admission happens at the front door, ahead of Express.
    ...(pageCache ? [] : [makeAdmissionStage(admitRequest, guardRequest)]),
    makeResponseHeadersStage(logger, baseHeaders),
    bodyLimitsStage,
    makeStage("cross-site guard", createCrossSiteGuard(config.SITE_URL, logger)),
    makeCompressionStage(),
    addressCheckStage,
    makeNewsletterClicksStage(clicks),
    makeStage("redirects", redirects.answerRedirect),
    makeHealthStage(services, shedder, loopDelay),
    makeUploadedImagesStage(services, variants),
    makeSessionStage(services),
    makeCountingStage(visits),
    makePageCacheStage(pageCache),
    makeClientBuildStage(options.mode === "production" ? options.clientDir : undefined),
    makeOverloadStage(shedder),
    router.stage,
    makeErrorsStage(logger),
  ];
  for (const stage of stages) stage.mount(app);
  router.setHostPaths(listHostPaths(app));

  const parts = {
    pageCache,
    isTrustedProxy,
    readLoad: (): SiteLoad => ({ requests: admitRequest.readCounts(), overload: shedder.state() }),
    visits,
    loopDelay,
    clicks,
  };
  if (!pageCache) return Object.assign(app, parts) as unknown as SiteApp;
  const frontDoor = createFrontDoor({
    admitRequest,
    guardRequest,
    variants,
    clicks,
    pageCache,
    app,
  });
  return Object.assign(frontDoor, parts);
}
