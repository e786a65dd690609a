// Conditional requests for HTML pages: an ETag of what the page shows, so an
// unchanged page answers 304 and the browser reuses its copy, revalidated on every visit.
import { createHash } from "node:crypto";

/** Public HTML is never treated as fresh, but may be revalidated cheaply. */
export const documentCacheControl = "no-cache";
/** Pages rendered for a signed-in admin: kept by no cache, shared or not. */
export const privateDocumentCacheControl = "private, no-store";

export type DocumentState = {
  /** Build identity: a new deploy changes every page's scripts. */
  buildVersion: string;
  /** Path and query: a filtered blog view is another page. */
  url: string;
  statusCode: number;
  /** What every route's loader returned: content, case studies, articles, admin flag... */
  loaderData: unknown;
  errors?: unknown;
};

/**
 * Loader-data keys that change on every request without changing what the page shows: the CSP
 * nonce (on a 304 the browser keeps the stored copy's nonce and policy together) and the signed
 * form timestamp of the spam guard (an older one from a stored copy is still accepted).
 */
const perRequestKeys = new Set(["nonce", "formToken"]);

/** A weak ETag of the page's state, without the per-request keys. */
export function computeDocumentEtag(state: DocumentState): string {
  const json = JSON.stringify(
    [state.buildVersion, state.url, state.statusCode, state.loaderData, state.errors ?? null],
    (key, value) => (perRequestKeys.has(key) ? undefined : value),
  );
  return `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
}

/**
 * The weak ETag of a client-side navigation's data (`/blog.data`), kept by the page cache: the
 * answer holds nothing but its bytes, so their hash names it.
 */
export function computeDataEtag(body: Uint8Array): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when an If-None-Match header names this ETag (weak comparison, "*" matches any). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const wanted = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === wanted);
}

type DocumentRender = {
  request: Request;
  statusCode: number;
  headers: Headers;
  buildVersion: string;
  loaderData: Record<string, unknown>;
  errors: unknown;
};

/**
 * Sets Cache-Control and, on a successful GET, the ETag of an HTML page; true when the request
 * already holds that ETag, so the page answers 304 without a body. A route that set its own
 * "no-store" (an admin screen) is left alone.
 */
export function applyDocumentCaching(render: DocumentRender): boolean {
  const { request, statusCode, headers } = render;
  if (headers.get("Cache-Control")?.includes("no-store")) return false;
  const root = render.loaderData.root as { isAdmin?: boolean } | undefined;
  headers.set("Cache-Control", root?.isAdmin ? privateDocumentCacheControl : documentCacheControl);
  const method = request.method.toUpperCase();
  if (statusCode !== 200 || (method !== "GET" && method !== "HEAD")) return false;
  const url = new URL(request.url);
  const etag = computeDocumentEtag({
    buildVersion: render.buildVersion,
    url: `${url.pathname}${url.search}`,
    statusCode,
    loaderData: render.loaderData,
    errors: render.errors,
  });
  headers.set("ETag", etag);
  return matchesIfNoneMatch(request.headers.get("If-None-Match"), etag);
}
