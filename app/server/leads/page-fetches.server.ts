// The spam guard's memory of recent page fetches by clients without a valid form-shown cookie:
// per client network, the time of its latest such fetch, kept in memory for the longest minimum
// fill time only. A cached page's form token is old, so this is what tells a bot that keeps no
// cookies and posts at once from a person (docs/decisions/004). Recorded on the page cache's hot
// path: no database, no allocation beyond one map entry.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import express from "express";
import type { Config, TrustProxy } from "../config.server";
import { getClientNetwork } from "../login.server";
import {
  contactMinimumFillMs,
  getFormShownCookieName,
  newsletterMinimumFillMs,
  readFormShownCookie,
  readFormShownCookieTime,
} from "./spam.server";

/** A fetch older than the longest minimum fill time can no longer make a post too fast. */
const rememberMs = Math.max(contactMinimumFillMs, newsletterMinimumFillMs);
/**
 * More distinct networks than this within a few seconds is a flood: the oldest are forgotten, and
 * their posts are judged as if they had fetched nothing (as before this guard), never refused.
 */
export const maxRememberedNetworks = 50_000;

/** Network -> time of its latest fetch; insertion order is fetch order, oldest first. */
const latestFetches = new Map<string, number>();

function forgetOldFetches(now: number) {
  for (const [network, at] of latestFetches) {
    if (now - at < rememberMs && latestFetches.size <= maxRememberedNetworks) return;
    latestFetches.delete(network);
  }
}

/** Notes a page fetch from this network now (or at `now`). */
export function notePageFetch(network: string, now = Date.now()) {
  // Deleted first so the entry moves to the end: the map stays in fetch order.
  latestFetches.delete(network);
  latestFetches.set(network, now);
  forgetOldFetches(now);
}

/** When the client's network last fetched a page without a valid cookie, if recently enough to matter. */
export function findRecentPageFetch(clientIp: string, now = Date.now()): number | undefined {
  const at = latestFetches.get(getClientNetwork(clientIp));
  return at !== undefined && now - at < rememberMs ? at : undefined;
}

type TrustRule = (address: string, hop: number) => boolean;
const trustRules = new Map<TrustProxy, TrustRule>();

/** Express's own compiled TRUST_PROXY rule, so the address here is the one `req.ip` gives. */
function getTrustRule(trustProxy: TrustProxy): TrustRule {
  let rule = trustRules.get(trustProxy);
  if (!rule) {
    rule = express().set("trust proxy", trustProxy).get("trust proxy fn") as TrustRule;
    trustRules.set(trustProxy, rule);
  }
  return rule;
}

/** A connection without X-Forwarded-For always stands for the same network: worked out once. */
const socketNetworks = new WeakMap<Socket, string>();

/**
 * The client address as Express's `req.ip` works it out (proxy-addr): walk X-Forwarded-For from
 * the nearest hop while the hop before it is a trusted proxy.
 */
function getClientNetworkOf(req: IncomingMessage, trustProxy: TrustProxy): string {
  const forwardedFor = req.headers["x-forwarded-for"];
  if (!forwardedFor) {
    let network = socketNetworks.get(req.socket);
    if (network === undefined) {
      network = getClientNetwork(req.socket.remoteAddress ?? "");
      socketNetworks.set(req.socket, network);
    }
    return network;
  }
  const trust = getTrustRule(trustProxy);
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  const addresses = [req.socket.remoteAddress ?? "", ...hops];
  let index = 0;
  while (index < addresses.length - 1 && trust(addresses[index] ?? "", index)) index++;
  return getClientNetwork(addresses[index] ?? "");
}

/** Signatures of form-shown cookies already verified: a browser sends the same one every time. */
const verifiedCookies = new Set<string>();
const maxVerifiedCookies = 10_000;

function hasValidFormCookie(req: IncomingMessage, secure: boolean, secret: string | undefined) {
  const header = req.headers.cookie;
  if (!header?.includes(getFormShownCookieName(secure))) return false;
  const value = readFormShownCookie(header);
  if (!value) return false;
  if (verifiedCookies.has(value)) return true;
  // Without the secret yet (just started, database down) a cookie cannot be checked: the fetch is
  // noted, which at worst holds a post of this network for review, never drops it.
  if (!secret || readFormShownCookieTime(value, secret) === undefined) return false;
  if (verifiedCookies.size >= maxVerifiedCookies) verifiedCookies.clear();
  verifiedCookies.add(value);
  return true;
}

/**
 * Called by the page cache for every page it answers or renders: notes the fetch unless the
 * request carries a valid form-shown cookie (a browser that keeps it is judged by the cookie).
 */
export function recordPageFetch(
  req: IncomingMessage,
  config: Pick<Config, "TRUST_PROXY" | "secure">,
  formSecret: string | undefined,
) {
  if (hasValidFormCookie(req, config.secure, formSecret)) return;
  notePageFetch(getClientNetworkOf(req, config.TRUST_PROXY));
}

/** Forgets every noted fetch (tests). */
export function forgetPageFetches() {
  latestFetches.clear();
}
