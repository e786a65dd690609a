// Which requests the page cache may answer, and under which key. The key is the path plus only the
// query parameters the page reads: any other parameter (utm_source, a bot's random one) maps to
// the same page and so to the same entry. A public page that starts reading a query parameter
// must be listed in `pageQueryParameters`; a page that must never be shared is listed as uncached.
// Only canonical paths are kept: /Services/ is answered with a 301 (canonical-path.server), never
// with the cached /services, and never becomes a key of its own.
import { getCanonicalPath } from "~/server/canonical-path.server";

/** The query parameters each page reads; every other page's query is ignored. */
const pageQueryParameters: Record<string, readonly string[]> = {
  "/blog": ["q", "category", "page"],
};

/**
 * Pages that are never kept: personal (an unsubscribe token) or not public; the health checks
 * must reach the database themselves, without waiting on the cache's version read first.
 */
const uncachedPaths = new Set(["/unsubscribe", "/healthz", "/readyz"]);
const uncachedPrefixes = [
  // React Router's own requests (route discovery: /__manifest?paths=...)
  "/__",
  "/api/",
  "/admin",
  "/edit",
  "/working-editor",
  "/content",
  "/images",
  "/assets/",
];

export type PageKey = {
  key: string;
  /** The URL the page is rendered for: the path with only the query parameters it reads. */
  pathWithQuery: string;
};

/** The cache key of a request URL ("/blog?q=x&utm=y"), or undefined when it is never cached. */
export function getPageKey(url: string): PageKey | undefined {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  // Dots are files and data requests; "//" and "\\" could be read as another host.
  if (!path.startsWith("/") || /[.\\]|\/\//.test(path)) return undefined;
  if (uncachedPaths.has(path) || getCanonicalPath(path) !== undefined) return undefined;
  for (const prefix of uncachedPrefixes) {
    if (path === prefix || path.startsWith(prefix)) return undefined;
  }
  const kept = pageQueryParameters[path];
  if (queryStart === -1 || !kept) return { key: path, pathWithQuery: path };
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const pairs: string[] = [];
  for (const name of kept) {
    const value = params.get(name);
    // An empty value means the same as none: /blog?q= is /blog.
    if (value) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const pathWithQuery = pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
  return { key: pathWithQuery, pathWithQuery };
}
