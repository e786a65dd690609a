// What one request tells about a page view, read cheaply: the page (a navigation's `.data` is its
// page's), whether it is a view at all (a GET that is no prefetch, no revalidation of the page the
// browser shows), and, for a visit's first view, where it came from: the referrer's host only and
// the query's utm_* and ref only.
import type { IncomingMessage } from "node:http";
import { getDataRequestPage } from "~/platform/page-cache/keys.server";

/** A visit's origin: "" where unknown (a direct visit has no referrer and no campaign). */
export type VisitOrigin = {
  referrerHost: string;
  source: string;
  medium: string;
  campaign: string;
};

/** The page a request URL views ("/blog" for "/blog.data?_routes=x"), or undefined. */
export function readViewedPage(url: string): string | undefined {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  // React Router's own requests (/__manifest, asked before a client navigation) view nothing.
  if (path.startsWith("/__")) return undefined;
  // A page's path has no dot: anything else is a file (an asset, the favicon).
  if (!path.endsWith(".data")) return path.includes(".") ? undefined : path;
  return getDataRequestPage(path);
}

/** Prefetches (a hovered link) and revalidations after a form post are not views. */
export function isViewRequest(
  req: IncomingMessage,
  url: string,
  page: string,
  siteHost: string,
): boolean {
  if (req.method !== "GET") return false;
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  if (purpose?.includes("prefetch")) return false;
  if (!url.includes(".data")) return true;
  // React Router asks for the data of the page already shown after an action: same page, same
  // query (its own parameters aside), so the browser's Referer names the page being asked for.
  const referer = req.headers.referer;
  if (!referer) return true;
  try {
    const shown = new URL(referer);
    if (shown.host !== siteHost) return true;
    const asked = new URL(url, shown);
    asked.searchParams.delete("_routes");
    asked.searchParams.delete("index");
    return !(shown.pathname === page && shown.search === asked.search);
  } catch {
    return true;
  }
}

/** The longest referrer host, utm value or campaign kept: room for any real one. */
const maxValueLength = 100;
/** A referrer or query read no further than this: the host and utm values come first. */
const maxReadLength = 2_048;
// Control, format (zero-width, direction marks) and unpaired surrogate characters: invisible in a
// report, and they would make one value look like many.
const invisible = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/gu;

/** Cut at `max` UTF-16 units without leaving half of a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A campaign name as counted: visible characters, single spaces, at most 100 characters. */
export function normalizeCampaign(value: string | null): string {
  if (!value) return "";
  const text = cutText(value, maxReadLength).replace(invisible, "").replace(/\s+/g, " ").trim();
  return cutText(text, maxValueLength).trim();
}

/** utm_source or utm_medium as counted: a campaign name's rules, lowercased. */
export function normalizeUtmValue(value: string | null): string {
  return normalizeCampaign(value?.toLowerCase() ?? null);
}

/** A referrer's host as counted: lowercased, without "www.", hostname characters only, cut. */
export function normalizeReferrerHost(hostname: string): string {
  const host = hostname
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, "")
    .replace(/^www\./, "")
    .replace(/^\.+|\.+$/g, "");
  return cutText(host, maxValueLength).replace(/\.+$/, "");
}

/** Where a visit's first request came from: another site's host, and the campaign parameters. */
export function readVisitOrigin(req: IncomingMessage, url: string, siteHost: string): VisitOrigin {
  let referrerHost = "";
  const referer = req.headers.referer;
  if (referer) {
    try {
      const host = new URL(cutText(referer, maxReadLength)).hostname.toLowerCase();
      if (host && host !== siteHost.split(":")[0]) referrerHost = normalizeReferrerHost(host);
    } catch {
      // Not a URL: no referrer.
    }
  }
  const queryStart = url.indexOf("?");
  let source = "";
  let medium = "";
  let campaign = "";
  if (queryStart !== -1 && /utm_|ref=/.test(url)) {
    const params = new URLSearchParams(url.slice(queryStart + 1, queryStart + 1 + maxReadLength));
    source = normalizeUtmValue(params.get("utm_source") ?? params.get("ref"));
    medium = normalizeUtmValue(params.get("utm_medium"));
    campaign = normalizeCampaign(params.get("utm_campaign"));
  }
  return { referrerHost, source: source || referrerHost, medium, campaign };
}
