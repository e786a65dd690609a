// Which requests the page cache may answer, and under which key: the canonical path plus only the
// query parameters the page reads (its route's `cache` handle), and for a navigation's data request
// React Router's `_routes`. What no route answers is never kept.
import { getCanonicalPath } from "~/platform/http/canonical-path.server";
import type { PathMatcher } from "~/platform/path-matcher";
import type { CacheRule } from "~/platform/route-handle";

/** What a data request reads besides its page's parameters: the route ids of a partial load. */
const dataQueryParameters = ["_routes"] as const;

/**
 * Paths no route answers, never kept: the health checks must reach the database themselves,
 * without waiting on the cache's version read first; React Router's own requests
 * (/__manifest?paths=...) and the built assets are not pages.
 */
const hostPaths = new Set(["/healthz", "/readyz"]);
const hostPrefixes = ["/__", "/assets/"];

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
export function getDataRequestPage(path: string): string | undefined {
  if (path === "/_.data") return "/";
  const page = path.slice(0, -".data".length);
  // "/blog/_.data" would be the data of "/blog/", which is not a canonical path; the home page's
  // data is asked for as "/_.data" only.
  return page.endsWith("/_") || page === "/" || page === "" ? undefined : page;
}

/** Reads a request URL's cache key ("/blog?q=x&utm=y"); undefined when it is never cached. */
export type PageKeyReader = (url: string) => PageKey | undefined;

/**
 * The key reader of the routes' cache rules (RouteFacts.getCacheRule). It remembers the keys of
 * the URLs asked for lately: every cache hit needs its key, and the same few URLs come again and
 * again. Forgotten all at once when full, so invented URLs cannot grow it.
 */
export function createPageKeyReader(getCacheRule: PathMatcher<CacheRule | undefined>) {
  const recentKeys = new Map<string, PageKey | null>();
  const maxRecentKeys = 2048;

  function computePageKey(url: string): PageKey | undefined {
    const queryStart = url.indexOf("?");
    const requestPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const data = requestPath.endsWith(".data");
    const path = data ? getDataRequestPage(requestPath) : requestPath;
    // Dots are files; "//" and "\\" could be read as another host.
    if (!path?.startsWith("/") || /[.\\]|\/\//.test(path)) return undefined;
    if (hostPaths.has(path) || getCanonicalPath(path) !== undefined) return undefined;
    for (const prefix of hostPrefixes) {
      if (path === prefix || path.startsWith(prefix)) return undefined;
    }
    const rule = getCacheRule(path)?.value;
    if (!rule) return undefined;
    const kept = data ? [...rule.query, ...dataQueryParameters] : rule.query;
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

  return function getPageKey(url: string): PageKey | undefined {
    const known = recentKeys.get(url);
    if (known !== undefined) return known ?? undefined;
    const key = computePageKey(url);
    if (recentKeys.size >= maxRecentKeys) recentKeys.clear();
    // Frozen: the one object is handed to every request for this URL.
    recentKeys.set(url, key ? Object.freeze(key) : null);
    return key;
  } satisfies PageKeyReader;
}
