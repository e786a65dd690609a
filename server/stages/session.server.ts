// A request that carries a session is looked up once, here, whatever its path (hashed assets
// aside): a signed-in admin is never answered from the cache nor refused by the overload guard,
// and the pages and API routes take the session from here instead of reading it again.
import type { NextFunction, Request, Response } from "express";
import type { AppServices } from "~/platform/context.server";
import { runWithDatabasePriority } from "~/platform/db/priority-lane.server";
import { getSession, readSessionIdFromHeaders } from "~/platform/sessions.server";
import { makeStage, type Stage } from "../stage.server";

export function makeSessionStage({ config, db }: AppServices): Stage {
  return makeStage("session", async (req: Request, res: Response, next: NextFunction) => {
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
}
