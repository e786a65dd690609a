// A newsletter copy's links through the site's own /r/ address: each copy gets a random token
// (it names the copy, never the address), and each link of the issue its position after it.
// The issue's own links only: the footer's unsubscribe and site links stay as they are.
import { randomBytes } from "node:crypto";

const anchorHref = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;

/** The address a link of the issue goes to: http(s) as written, a site path made absolute. */
function readTarget(href: string, siteUrl: string): string | undefined {
  const decoded = href.replaceAll("&amp;", "&");
  if (/^https?:\/\//i.test(decoded)) return decoded;
  if (decoded.startsWith("/") && !decoded.startsWith("//")) return `${siteUrl}${decoded}`;
  return undefined;
}

/** The issue's distinct link addresses, in the order they first appear: position 1, 2, ... */
export function listIssueLinks(bodyHtml: string, siteUrl: string): string[] {
  const links: string[] = [];
  for (const match of bodyHtml.matchAll(anchorHref)) {
    const target = readTarget(match[2] ?? "", siteUrl);
    if (target && !links.includes(target)) links.push(target);
  }
  return links;
}

/** A new copy token: 128 random bits, URL-safe. */
export function makeCopyToken(): string {
  return randomBytes(16).toString("base64url");
}

/** A copy's /r/ address for the link at `position`. */
export function getClickUrl(siteUrl: string, token: string, position: number): string {
  return `${siteUrl}/r/${token}-${position}`;
}

/** The copy token and link position an /r/ path's token names, or undefined. */
export function readClickToken(value: string): { token: string; position: number } | undefined {
  const match = /^([A-Za-z0-9_-]{22})-([1-9][0-9]{0,3})$/.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  return { token: match[1], position: Number(match[2]) };
}

/** The issue's body for one copy: every link of the issue through the copy's /r/ address. */
export function rewriteCopyLinks(
  bodyHtml: string,
  links: readonly string[],
  siteUrl: string,
  token: string,
): string {
  return bodyHtml.replace(anchorHref, (whole, start: string, href: string, end: string) => {
    const target = readTarget(href, siteUrl);
    const position = target ? links.indexOf(target) + 1 : 0;
    return position > 0 ? `${start}${getClickUrl(siteUrl, token, position)}${end}` : whole;
  });
}
