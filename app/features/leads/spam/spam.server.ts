// Keeps bots out of the public forms without bothering people: a honeypot, and a minimum fill time
// proven by signed timestamps in the form and a cookie (or the network's latest page fetch). Forged
// posts are dropped, timing-only suspects kept apart; the sender is always told it worked.
import type { Db } from "~/platform/db/tables.server";
import {
  getFormSecret,
  readFormShownCookieTime,
  readTokenTime,
} from "~/platform/form-cookie.server";

/**
 * The longest minimum fill time a form may ask for: page fetches are remembered this long
 * (page-fetches.server.ts), so a post sooner after one is never missed.
 */
export const longestMinimumFillMs = 3000;
/** Nobody types a name, an email and a ten-character message in under three seconds. */
export const contactMinimumFillMs = 3000;

export type SpamGuardFields = {
  website?: string | null;
  formToken?: string | null;
  /** The form-shown cookie's value: when this browser first fetched one of our pages. */
  shownCookie?: string | null;
  /**
   * When the sender's network last fetched a page without a valid form-shown cookie, if within
   * the last few seconds. Only weighed when the post itself has no valid cookie.
   */
  networkFetchedAt?: number;
};

/**
 * "too-fast": sooner than the minimum after a signed time (the form's render, the browser's first
 * fetch). "fast-after-fetch": no valid cookie, and sooner than the minimum after a page fetch from
 * the same network (a bot that keeps no cookies and posts the cached form at once).
 */
export type SpamVerdict = "person" | "honeypot" | "forged-token" | "too-fast" | "fast-after-fetch";
/** Verdicts reached on timing alone: a person could be behind them, so the post is kept apart. */
export type TimingVerdict = Extract<SpamVerdict, "too-fast" | "fast-after-fetch">;

export function isTimingVerdict(verdict: SpamVerdict): verdict is TimingVerdict {
  return verdict === "too-fast" || verdict === "fast-after-fetch";
}

const heldReasons: Record<TimingVerdict, string> = {
  "too-fast": "Sent sooner after the form was shown than a person could fill it in",
  "fast-after-fetch":
    "Sent without the site's cookie, right after a page was fetched from the same network",
};

/** Why the spam guard held a message or sign-up, in words for the admin. */
export function describeHeldReason(verdict: string): string {
  return heldReasons[verdict as TimingVerdict] ?? verdict;
}

/**
 * Judges the anti-spam fields. The form was shown no earlier than the later of the two signed
 * times (render time in the form, first fetch in the cookie); both are at or before the moment a
 * person's page arrived, so a person is never judged too fast on them, while a bot that fetches a
 * page and posts at once is. Without a valid cookie, the cached page's old token proves nothing,
 * so the network's latest page fetch stands in for the first fetch: that one can be another
 * person's on the same network, hence a verdict of its own. A missing token is accepted: the
 * plain JSON payload has none, and a form rendered while the database was unreadable has none
 * either. A cookie that does not verify (an older secret) is ignored rather than held against
 * the visitor.
 */
export function judgeSpamGuard(
  fields: SpamGuardFields,
  secret: string,
  minimumFillMs: number,
  now = Date.now(),
): SpamVerdict {
  if (fields.website && fields.website.trim() !== "") return "honeypot";
  const token = fields.formToken?.trim();
  const tokenTime = token ? readTokenTime(token, secret) : undefined;
  if (tokenTime === "forged") return "forged-token";
  const cookieTime = readFormShownCookieTime(fields.shownCookie, secret);
  const times = [tokenTime, cookieTime].filter((time): time is number => typeof time === "number");
  if (times.length > 0 && now - Math.max(...times) < minimumFillMs) return "too-fast";
  if (cookieTime !== undefined || fields.networkFetchedAt === undefined) return "person";
  return now - fields.networkFetchedAt < minimumFillMs ? "fast-after-fetch" : "person";
}

/**
 * Judges a post. `findNetworkFetch` looks up the sender network's latest page fetch; it is asked
 * only when it matters (no honeypot hit, no valid cookie), since with several workers it asks them.
 */
export async function checkSpamGuard(
  db: Db,
  fields: SpamGuardFields,
  minimumFillMs: number,
  now = Date.now(),
  findNetworkFetch?: () => Promise<number | undefined>,
): Promise<SpamVerdict> {
  const secret = await getFormSecret(db);
  const honeypot = Boolean(fields.website && fields.website.trim() !== "");
  const needsNetwork =
    !honeypot && readFormShownCookieTime(fields.shownCookie, secret) === undefined;
  const networkFetchedAt =
    needsNetwork && findNetworkFetch ? await findNetworkFetch() : fields.networkFetchedAt;
  return judgeSpamGuard({ ...fields, networkFetchedAt }, secret, minimumFillMs, now);
}
