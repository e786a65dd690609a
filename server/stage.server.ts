// What a stage of the host is: a name the request flow in docs/architecture.md uses, and the
// handlers it adds to the Express app. server/app.ts lists the stages in the order they run.
import type { Express, RequestHandler } from "express";

export type Stage = {
  /** The stage as "How a request flows" names it. */
  name: string;
  /** Adds the stage's handlers to the app, after those of the stages before it. */
  mount(app: Express): void;
};

/** A stage made of plain middleware, each run for every request that reaches it. */
export function makeStage(name: string, ...handlers: RequestHandler[]): Stage {
  return { name, mount: (app) => app.use(...handlers) };
}

/** The paths of the handlers added to Express with one ("/healthz", "/assets"). */
export function listHostPaths(app: Express): string[] {
  return app.router.stack.flatMap((layer) => {
    // Express 5 keeps the path a handler was added with; one added without has "/" or none.
    const path = (layer as { rawPath?: unknown }).rawPath;
    return typeof path === "string" && path !== "/" ? [path] : [];
  });
}
