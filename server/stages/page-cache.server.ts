// The page cache inside the host: anonymous public pages from memory, or rendered once into it.
// Hits are answered at the front door; this stage takes what reaches Express (misses, revalidation).
import type { IncomingMessage } from "node:http";
import { recordPageFetch } from "~/features/leads/spam/page-fetches.server";
import type { AppServices } from "~/platform/context.server";
import type { LoadShedder } from "~/platform/overload.server";
import type { RuleCheck } from "~/platform/page-cache/cache-state.server";
import { createPageCache, type PageCache } from "~/platform/page-cache/page-cache.server";
import type { VisitRecorder } from "~/platform/visits/visit-recorder.server";
import type { Stage } from "../stage.server";
import { createNonce, holdHtmlFor, type SiteRouter } from "./react-router.server";

export type SitePageCacheOptions = {
  shedder: LoadShedder;
  baseHeaders: Record<string, string>;
  networkOf: (req: IncomingMessage) => string;
  visits: VisitRecorder;
  router: SiteRouter;
  /** What the redirect rules say of a kept page's address (the page cache asks). */
  rules: RuleCheck;
  budgetBytes?: number;
};

export function createSitePageCache(
  { db, config, logger }: AppServices,
  options: SitePageCacheOptions,
): PageCache {
  const { networkOf, router } = options;
  return createPageCache({
    db,
    config,
    logger,
    shedder: options.shedder,
    baseHeaders: options.baseHeaders,
    onPageFetch: (req, formSecret) =>
      recordPageFetch(req, networkOf(req), config.secure, formSecret),
    onServed: options.visits.noteView,
    budgetBytes: options.budgetBytes,
    rules: options.rules,
    routes: router.getRouteFacts(),
    render: (request, facts) =>
      router.render(request, {
        clientIp: "",
        nonce: createNonce(),
        forCache: true,
        heldHtml: holdHtmlFor(new URL(request.url).pathname),
        ...facts,
      }),
  });
}

/**
 * Before the client build's files: a page's path has no dot (keys.server), no file there has
 * none, and looking for one cost each miss a stat (4% of its CPU).
 */
export function makePageCacheStage(pageCache: PageCache | undefined): Stage {
  return {
    name: "page cache",
    mount(app) {
      if (pageCache) app.use(pageCache.middleware);
    },
  };
}
