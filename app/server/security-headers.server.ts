// The response headers of DESIGN.md section 7. Every response gets the strict base set; HTML
// documents get a Content-Security-Policy with the request's nonce and the booking host as frame.

/** For every response that is not an HTML document (JSON, images, scripts, styles). */
export const defaultContentSecurityPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

export const hstsHeader = "max-age=63072000; includeSubDomains";

export function buildDocumentCsp({
  nonce,
  frameOrigin,
}: {
  nonce: string;
  frameOrigin?: string;
}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
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
