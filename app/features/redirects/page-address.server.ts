// The address a visitor's GET asks for, as the redirects see it: a client-side navigation's data
// request (`/about.data`, `/_.data` for the home page) is its page's address, without React
// Router's own `_routes`, so whatever redirects a page redirects its navigations too, answered the
// way React Router's browser code takes a redirect from a proxy.
import type { Request, Response } from "express";
import { getDataRequestPage } from "~/platform/page-cache/keys.server";
import { isReservedPath } from "./redirect-address";

/** A page's path and the visitor's query; `data` when a navigation's data request asked it. */
export type PageAddress = { path: string; query: string; data: boolean };

/** The page path a request path is asked as: `/about.data` is `/about` (no query parsed). */
export function toPagePath(path: string): string {
  return (path.endsWith(".data") && getDataRequestPage(path)) || path;
}

/**
 * The address a GET or HEAD asks for; undefined for other methods and for the site's own paths
 * (/readyz, /admin...), which no redirect takes: a health check must not wait on a rules read.
 */
export function readPageAddress(req: Request): PageAddress | undefined {
  if ((req.method !== "GET" && req.method !== "HEAD") || isReservedPath(req.path)) return undefined;
  const queryAt = req.originalUrl.indexOf("?");
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt + 1);
  const path = toPagePath(req.path);
  if (path === req.path) return { path, query, data: false };
  const params = new URLSearchParams(query);
  params.delete("_routes");
  return { path, query: params.toString(), data: true };
}

/**
 * A redirect of a data request: 204 naming the location (a bare 301 would be followed by fetch to
 * the target's HTML). `reload` loads the location as a document instead.
 */
export function sendDataRedirect(
  res: Response,
  location: string,
  answer: { status: number } | { reload: true },
): void {
  res.status(204).setHeader("Cache-Control", "no-store").setHeader("X-Remix-Redirect", location);
  if ("reload" in answer) res.setHeader("X-Remix-Reload-Document", "true");
  else res.setHeader("X-Remix-Status", String(answer.status));
  res.end();
}
