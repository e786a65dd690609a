// Counting visits: a public page answered past the front door (a miss, an uncached page) is
// counted once sent; a signed-in admin's views are not. Cache hits are counted by the cache.
import type { NextFunction, Request, Response } from "express";
import type { VisitRecorder } from "~/platform/visits/visit-recorder.server";
import { makeStage, type Stage } from "../stage.server";

export function makeCountingStage(visits: VisitRecorder): Stage {
  return makeStage("counting visits", (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" && !res.locals.knownSession) {
      const url = req.originalUrl;
      res.once("finish", () => visits.noteView(req, res.statusCode, url));
    }
    next();
  });
}
