// React Router inside the host: the server build loaded once, each request's load context, the
// render the page cache asks for, and the stage that hands a request to the routes.
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import {
  createRequestHandler as createRouterHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { pageTitlesContext } from "~/features/leads/page-titles.server";
import { listLivePaths } from "~/features/pages/live-pages.server";
import { listPageTitles } from "~/features/publishing/store/reads.server";
import { livePathsContext, pageProbeContext } from "~/features/redirects/redirect-serving.server";
import type { AppServices, RequestInfo } from "~/platform/context.server";
import { appContext } from "~/platform/context.server";
import { getReportsDb } from "~/platform/db/reports-db.server";
import { isClientGone } from "~/platform/http/client-gone.server";
import type { FinishWork } from "~/platform/overload.server";
import { addHostPaths, collectRouteFacts, type RouteFacts } from "~/platform/route-facts.server";
import type { VisitRecorder } from "~/platform/visits/visit-recorder.server";
import type { Stage } from "../stage.server";

type Mode = "production" | "development";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Where a document render holds drawn HTML apart from its data; none for a data request
 * (`/page.data`), whose answer is all the browser gets.
 */
export function holdHtmlFor(path: string): Map<string, string> | undefined {
  return path.endsWith(".data") ? undefined : new Map();
}

/**
 * Makes something from the server build once: in production the build is one object, given to
 * React Router as such, because handed a function React Router calls it and rebuilds its route
 * tables on every request (profiled at 11% of a page render's CPU: the import'./s module resolution
 * and createStaticHandler). Development passes the function, so Vite's reloaded routes are used.
 */
function createFromBuild<T extends object>(
  mode: Mode,
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

export type SiteRouter = {
  /** What the route modules' handles say, with the paths the host answers itself. */
  getRouteFacts(): Promise<RouteFacts>;
  /** The paths Express answers itself, read once every stage is mounted. */
  setHostPaths(paths: readonly string[]): void;
  /** Renders a request as the routes answer it, outside Express (the page cache's misses). */
  render(request: Request, info: RequestInfo): Promise<Response>;
  /** The stage that hands a request to the routes. */
  stage: Stage;
};

export function createSiteRouter(
  services: AppServices,
  mode: Mode,
  visits: VisitRecorder,
): SiteRouter {
  const { config } = services;
  const reportsDb = getReportsDb(services.db);
  const importBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  // What the route modules' handles say (the sitemaps' pages, what the page cache may keep, the
  // admin navigation), read once from the build; in development from the build of the moment.
  const readRouteFacts = createFromBuild(mode, importBuild, (build) => {
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
  const getRenderer = createFromBuild(mode, importBuild, (build) =>
    createRouterHandler(build, mode),
  );
  const render: SiteRouter["render"] = async (request, info) =>
    (await getRenderer())(request, await createLoadContext(info));
  // What a path answers from the pages alone, as an anonymous visitor would get it: the
  // redirects screen asks before a rule hides a live page. The rules are not consulted here.
  async function probePage(path: string): Promise<number> {
    const request = new Request(new URL(path, config.SITE_URL), {
      headers: { accept: "text/html" },
    });
    const response = await render(request, {
      clientIp: "",
      nonce: createNonce(),
      knownSession: null,
    });
    await response.body?.cancel();
    return response.status;
  }
  const getRouterHandler = createFromBuild(mode, importBuild, (build) =>
    createRequestHandler({
      build,
      mode,
      getLoadContext(req: ExpressRequest, res: ExpressResponse) {
        return createLoadContext({
          nonce: createNonce(),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "",
          knownSession: res.locals.knownSession,
          heldHtml: holdHtmlFor(req.path),
        });
      },
    }),
  );
  const handleWithRouter = async (
    req: ExpressRequest,
    res: ExpressResponse,
    next: NextFunction,
  ) => {
    // The overload stage's slot, held until the render ends.
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
  };
  return {
    getRouteFacts,
    setHostPaths(paths) {
      hostPaths = paths;
    },
    render,
    stage: { name: "React Router", mount: (app) => app.use(handleWithRouter) },
  };
}
