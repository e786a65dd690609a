// Refuses a change (POST, PUT, PATCH, DELETE) sent from another site's page before any route sees
// it: a 403, a short JSON message and one info line. React Router's own check would answer 400
// and log an error with a stack trace, one per request, which would page whoever watches errors.
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

const changingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The request's own origin as React Router's Express adapter builds it (TRUST_PROXY applied). */
function readRequestOrigin(req: Request): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The site's origin (SITE_URL) and the request's own both count as this site, as for the API's
 * same-origin check; a request without Origin goes on to that check.
 */
export function createCrossSiteGuard(siteUrl: string, logger: Logger) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (!origin || !changingMethods.has(req.method)) return next();
    if (origin === siteOrigin || origin === readRequestOrigin(req)) return next();
    logger.info(
      {
        method: req.method,
        url: req.originalUrl.slice(0, 200),
        origin: origin.slice(0, 200),
        status: 403,
      },
      "Cross-site request refused",
    );
    res.status(403).type("application/json").send('{"message":"Cross-site request refused"}');
  };
}
