// One address per page: a trailing slash, doubled slashes or capital letters in a page's path are
// answered with a 301 to the canonical path (the query string kept). The API, built assets and
// image files keep their exact paths.
import type { NextFunction, Request, Response } from "express";

const exactPaths = /^\/(api|assets|images)\//;

/** The canonical form of a page path, or undefined when it already is canonical or exempt. */
export function getCanonicalPath(path: string): string | undefined {
  let canonical = path.replace(/\/{2,}/g, "/").toLowerCase();
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, "");
  if (exactPaths.test(`${canonical}/`)) return undefined;
  return canonical === path ? undefined : canonical;
}

export function redirectToCanonicalPath(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  const canonical = getCanonicalPath(path);
  if (!canonical) return next();
  res.redirect(301, `${canonical}${queryAt === -1 ? "" : req.originalUrl.slice(queryAt)}`);
}
