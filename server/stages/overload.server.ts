// The overload guard: everything still unanswered costs a render or an API call, so it is refused
// with 503 when more is queued than the process gets through in a second (renders only: a visitor's
// post is taken), or the loop runs late.
// The slot is held until the render ends (the React Router stage), or a while after its client left.
import type { NextFunction, Request, Response } from "express";
import type { LoadShedder } from "~/platform/overload.server";
import { sendBusy } from "~/platform/page-cache/page-cache.server";
import { makeStage, type Stage } from "../stage.server";

export function makeOverloadStage(shedder: LoadShedder): Stage {
  return makeStage("overload guard", (req: Request, res: Response, next: NextFunction) => {
    if (res.locals.knownSession) return next();
    // Only GET and HEAD are pages and reads; anything else is a visitor's submission.
    const kind = req.method === "GET" || req.method === "HEAD" ? "render" : "submission";
    const admission = shedder.admit(res, kind);
    if (admission === "gone") return;
    if (admission === "refused") return sendBusy(res, shedder.retryAfterSeconds(), req.path);
    res.locals.finishWork = admission;
    next();
  });
}
