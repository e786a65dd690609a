// Which requests the page cache may answer, and under which key. The key is the path plus only the
// query parameters the page reads: any other parameter (utm_source, a bot's random one) maps to
// the same page and so to the same entry. A public page that starts reading a query parameter
// must be listed in `pageQueryParameters`; a page that must never be shared is listed as uncached.
// Only canonical paths are kept: /Services/ is answered with a 301 (canonical-path.server), never
// with the cached /services, and never becomes a key of its own. A client-side navigation's data
// request (/blog.data, /_.data for the home page) follows the rules of its page, and its key also
// holds React Router's `_routes` (which loaders it asks for), the one other thing its answer reads.
import { getCanonicalPath } from "~/platform/http/canonical-path.server";

/** The query parameters each page reads; every other page's query is ignored. */
const pageQueryParameters: Record<string, readonly string[]> = {
  "/blog": ["q", "category", "page"],
};

/** What a data request reads besides its page's parameters: the route ids of a partial load. */
const dataQueryParameters = ["_routes"] as const;

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
  /**
   * True when the URL holds nothing the key leaves out (no other parameter, none empty or given
   * twice): an answer rendered for `pathWithQuery` is then the answer to the URL as it came.
   */
  exact: boolean;
  /** A client-side navigation's loader data (`*.data`), not an HTML page. */
  data: boolean;
};

/** The page a data request's path belongs to ("/blog.data" is "/blog", "/_.data" is "/"). */
function getDataRequestPage(path: string): string | undefined {
  if (path === "/_.data") return "/";
  const page = path.slice(0, -".data".length);
  // "/blog/_.data" would be the data of "/blog/", which is not a canonical path; the home page's
  // data is asked for as "/_.data" only.
  return page.endsWith("/_") || page === "/" || page === "" ? undefined : page;
}

/**
 * Keys of the URLs asked for lately: every cache hit needs its key, and the same few URLs come
 * again and again. Forgotten all at once when full, so invented URLs cannot grow it.
 */
const recentKeys = new Map<string, PageKey | null>();
const maxRecentKeys = 2048;

/** The cache key of a request URL ("/blog?q=x&utm=y"), or undefined when it is never cached. */
export function getPageKey(url: string): PageKey | undefined {
  const known = recentKeys.get(url);
  if (known !== undefined) return known ?? undefined;
  const key = computePageKey(url);
  if (recentKeys.size >= maxRecentKeys) recentKeys.clear();
  // Frozen: the one object is handed to every request for this URL.
  recentKeys.set(url, key ? Object.freeze(key) : null);
  return key;
}

function computePageKey(url: string): PageKey | undefined {
  const queryStart = url.indexOf("?");
  const requestPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const data = requestPath.endsWith(".data");
  const path = data ? getDataRequestPage(requestPath) : requestPath;
  // Dots are files; "//" and "\\" could be read as another host.
  if (!path?.startsWith("/") || /[.\\]|\/\//.test(path)) return undefined;
  if (uncachedPaths.has(path) || getCanonicalPath(path) !== undefined) return undefined;
  for (const prefix of uncachedPrefixes) {
    if (path === prefix || path.startsWith(prefix)) return undefined;
  }
  const pageParameters = pageQueryParameters[path] ?? [];
  const kept = data ? [...pageParameters, ...dataQueryParameters] : pageParameters;
  if (queryStart === -1 || kept.length === 0) {
    return { key: requestPath, pathWithQuery: requestPath, exact: queryStart === -1, data };
  }
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const pairs: string[] = [];
  for (const name of kept) {
    const value = params.get(name);
    // An empty value means the same as none: /blog?q= is /blog.
    if (value) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const pathWithQuery = pairs.length > 0 ? `${requestPath}?${pairs.join("&")}` : requestPath;
  let given = 0;
  for (const _ of params) given++;
  return { key: pathWithQuery, pathWithQuery, exact: given === pairs.length, data };
}
