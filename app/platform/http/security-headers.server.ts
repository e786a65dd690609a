// The response headers. Every response gets the strict base set; HTML
// documents get a Content-Security-Policy with the request's nonce (or, for cached pages, the
// hashes of their inline scripts) and the booking host as frame.
import { createHash } from "node:crypto";

/** For every response that is not an HTML document (JSON, images, scripts, styles). */
export const defaultContentSecurityPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The headers of an answer that is not an HTML document and is written before Express (a kept
 * image, a newsletter link's redirect): the site's base set and the default policy.
 */
export function withDefaultPolicy(
  baseHeaders: Record<string, string> = {},
): Record<string, string> {
  return { ...baseHeaders, "Content-Security-Policy": defaultContentSecurityPolicy };
}

export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

/** Two years; subdomains only when the owner asks (HSTS_INCLUDE_SUBDOMAINS). */
export function buildHstsHeader(includeSubdomains: boolean): string {
  return includeSubdomains ? "max-age=63072000; includeSubDomains" : "max-age=63072000";
}

/**
 * The policy of an HTML document (docs/decisions/004). A page rendered for one request carries a
 * nonce ('strict-dynamic' lets its scripts load the rest); a page the cache keeps and sends to
 * many carries the sha256 hashes of its own inline scripts instead, plus 'self' for the site's
 * bundled modules: no nonce to reuse, and still no 'unsafe-inline'.
 */
export function buildDocumentCsp({
  nonce,
  scriptHashes,
  frameOrigin,
}: {
  nonce?: string;
  scriptHashes?: readonly string[];
  frameOrigin?: string;
}): string {
  const scriptSources = nonce
    ? `'nonce-${nonce}' 'strict-dynamic'`
    : ["'self'", ...(scriptHashes ?? []).map((hash) => `'sha256-${hash}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameOrigin ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The origin of an https address, for frame-src; undefined for anything else. */
export function getFrameOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The base64 sha256 of each inline script of an HTML document that carries `nonce` (the scripts
 * React Router and React wrote), as CSP hash sources want them. A script without it, whatever put
 * it in the markup, is not listed, so the browser refuses to run it.
 */
export function hashInlineScripts(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  const marker = `nonce="${nonce}"`;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const text = match[2] ?? "";
    if (!attributes.includes(marker)) continue;
    if (/\ssrc\s*=/i.test(attributes) || text === "") continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}
