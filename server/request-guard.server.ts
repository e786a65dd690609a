// Refuses malformed requests before any routing (unserved methods, a bad or foreign Host, odd
// targets, encoded control characters, a bad X-Forwarded-Host): a 400/405 and one log line, never a
// 500. Forwarded headers from a peer that is not a trusted proxy are dropped.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP, type Socket } from "node:net";
import type { Logger } from "pino";
import {
  baseSecurityHeaders,
  defaultContentSecurityPolicy,
} from "~/platform/http/security-headers.server";

/** The methods some route of the site answers; anything else is a 405 before routing. */
export const servedMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const served = new Set<string>(servedMethods);

export type GuardRefusal = { status: 400 | 405; message: string; headers?: Record<string, string> };

const hostnamePattern =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** Splits "name:port" / "[v6]:port"; undefined when the value is not a well-formed host. */
export function parseHostHeader(value: string): { hostname: string; port?: number } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value);
  if (!match) return undefined;
  const [, rawName = "", portText] = match;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  if (rawName.startsWith("[")) {
    const address = rawName.slice(1, -1);
    return isIP(address) === 6 ? { hostname: address, port } : undefined;
  }
  if (isIP(rawName) === 4 || hostnamePattern.test(rawName)) {
    return { hostname: rawName.toLowerCase().replace(/\.$/, ""), port };
  }
  return undefined;
}

/**
 * The host names this site answers to: SITE_URL's, localhost, and any IP literal (a health check
 * or a direct visit by address). Another name in Host is a misrouted or forged request.
 */
export function createHostCheck(siteUrl: string): (hostname: string) => boolean {
  const siteHost = new URL(siteUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (hostname) => hostname === siteHost || hostname === "localhost" || isIP(hostname) !== 0;
}

function checkHost(
  value: string | undefined,
  header: string,
  isSiteHost: (hostname: string) => boolean,
): GuardRefusal | undefined {
  if (value === undefined || value.trim() === "") {
    return { status: 400, message: `Bad request: the ${header} header is missing or empty` };
  }
  const host = parseHostHeader(value);
  if (!host) return { status: 400, message: `Bad request: the ${header} header is not a host` };
  if (!isSiteHost(host.hostname)) {
    return { status: 400, message: `Bad request: this server does not serve that ${header}` };
  }
  return undefined;
}

/**
 * A percent-encoded control character: C0 (%00-%1F), DEL (%7F), C1 in UTF-8 (%C2%80-%C2%9F) and
 * the line and paragraph separators U+2028/U+2029. No address of the site holds one, and the line
 * breaks among them make React Router's route patterns match nothing at all, not even the 404
 * route. Node's parser already refuses such bytes sent raw.
 */
const encodedControlCharacter = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f]|e2%80%a[89])/i;

/**
 * Whether the path (not the query) of a request target holds an encoded control character. A
 * query may: a line break typed into a search box is ordinary input, and the page reads it as text.
 */
export function hasControlCharacterInPath(target: string): boolean {
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  return path.includes("%") && encodedControlCharacter.test(path);
}

/** How many Host lines the request head had: Node keeps the first of several and drops the rest. */
function countHostHeaders(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? "";
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

/**
 * Checks one request. isTrustedPeer says whether the connection's peer is a trusted proxy;
 * forwarded headers of an untrusted peer are removed from the request here.
 */
export function checkRequest(
  req: IncomingMessage,
  isSiteHost: (hostname: string) => boolean,
  isTrustedPeer: boolean,
): GuardRefusal | undefined {
  const method = req.method ?? "";
  if (req.url === "*") {
    return { status: 400, message: "Bad request: the * target is not served" };
  }
  if (!req.url?.startsWith("/")) {
    return { status: 400, message: "Bad request: the request target must be a path" };
  }
  if (hasControlCharacterInPath(req.url)) {
    return { status: 400, message: "Bad request: the address holds a control character" };
  }
  if (!served.has(method)) {
    return {
      status: 405,
      message: `Method ${method} is not allowed`,
      headers: { Allow: servedMethods.join(", ") },
    };
  }
  // HTTP/1.1 (RFC 9112 section 3.2): a request with more than one Host line gets a 400. Which
  // one a proxy in front believed is unknown, so neither is.
  if (countHostHeaders(req.rawHeaders) > 1) {
    return { status: 400, message: "Bad request: the request has more than one Host header" };
  }
  const hostRefusal = checkHost(req.headers.host, "Host", isSiteHost);
  if (hostRefusal) return hostRefusal;
  if (!isTrustedPeer) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
    delete req.headers["x-forwarded-for"];
    return undefined;
  }
  const forwardedHost = req.headers["x-forwarded-host"];
  if (forwardedHost !== undefined) {
    // A chain of proxies appends: the first value is what the visitor asked for.
    const first = String(forwardedHost).split(",")[0]?.trim();
    return checkHost(first, "X-Forwarded-Host", isSiteHost);
  }
  return undefined;
}

/**
 * The guard as middleware. isTrustedProxy is Express's compiled `trust proxy fn`; a refusal is
 * one warning line and a small JSON answer on a connection that is then closed.
 */
export function createRequestGuard(
  siteUrl: string,
  isTrustedProxy: (address: string, hop: number) => boolean,
  logger: Logger,
) {
  const isSiteHost = createHostCheck(siteUrl);
  // Asked once per connection, not per request: parsing the peer's address for the proxy rule
  // is a measurable share of a cache hit.
  const trustedSockets = new WeakMap<Socket, boolean>();
  function isTrustedSocket(socket: Socket): boolean {
    let trusted = trustedSockets.get(socket);
    if (trusted === undefined) {
      trusted = isTrustedProxy(socket.remoteAddress ?? "", 0);
      trustedSockets.set(socket, trusted);
    }
    return trusted;
  }
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const refusal = checkRequest(req, isSiteHost, isTrustedSocket(req.socket));
    if (!refusal) return next();
    logger.warn(
      {
        method: req.method,
        url: req.url?.slice(0, 200),
        host: req.headers.host?.slice(0, 200),
        status: refusal.status,
      },
      refusal.message,
    );
    for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", defaultContentSecurityPolicy);
    res.setHeader("Connection", "close");
    res.setHeader("Content-Type", "application/json");
    for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
    res.statusCode = refusal.status;
    res.end(JSON.stringify({ message: refusal.message }));
  };
}
