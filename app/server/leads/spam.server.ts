// Keeps bots out of the public forms without bothering people: a hidden honeypot field that only
// bots fill, and a minimum fill time proven by signed timestamps: one rendered into the form (when
// the page was rendered; a cached page keeps it) and one in a cookie set with the page (when this
// browser first fetched a page), or, for a client that keeps no cookies, the latest page fetch
// its network made (page-fetches.server.ts; see docs/decisions/004). A honeypot or forged token is
// dropped; a post judged on timing alone is kept apart as possible spam, since a person could be
// behind it. Either way the sender is told it worked.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/tables.server";

/** Nobody types a name, an email and a ten-character message in under three seconds. */
export const contactMinimumFillMs = 3000;
/** One field, possibly autofilled: a shorter floor, still beyond a script's instant post. */
export const newsletterMinimumFillMs = 2000;

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

const secretName = "form-token";
const secrets = new WeakMap<Db, Promise<string>>();

async function readSecret(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("site_secrets")
    .select("value")
    .where("name", "=", secretName)
    .executeTakeFirst();
  return row?.value;
}

async function loadSecret(db: Db): Promise<string> {
  // Every server process shares one secret, so a form shown by one can be posted to another and
  // forms stay valid across restarts. Read first: showing a form must not need a write (which
  // waits while another process holds SQLite's write lock).
  const existing = await readSecret(db);
  if (existing) return existing;
  await db
    .insertInto("site_secrets")
    .values({
      name: secretName,
      value: randomBytes(32).toString("base64url"),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const created = await readSecret(db);
  if (!created) throw new Error("The form secret could not be stored");
  return created;
}

/** The signing secret, read once per database handle. */
export function getFormSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadSecret(db);
    secrets.set(db, secret);
    // A failed read (database down) must not stick: the next request tries again.
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

function sign(secret: string, issuedAt: number): string {
  return createHmac("sha256", secret).update(`form:${issuedAt}`).digest("base64url");
}

export function signFormToken(secret: string, issuedAt: number): string {
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/** A token for a form about to be shown, or undefined when the database cannot be read. */
export async function issueFormToken(db: Db, now = Date.now()): Promise<string | undefined> {
  try {
    return signFormToken(await getFormSecret(db), now);
  } catch {
    return undefined;
  }
}

/** The time a token was signed at, or "forged" when its signature does not hold. */
function readTokenTime(token: string, secret: string): number | "forged" {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return "forged";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(match[2] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "forged";
  return issuedAt;
}

/** The signed time in a form-shown cookie, or undefined when there is none or it does not verify. */
export function readFormShownCookieTime(
  cookie: string | null | undefined,
  secret: string,
): number | undefined {
  const value = cookie?.trim();
  if (!value) return undefined;
  const time = readTokenTime(value, secret);
  return time === "forged" ? undefined : time;
}

/**
 * Judges the anti-spam fields. The form was shown no earlier than the later of the two signed
 * times (render time in the form, first fetch in the cookie); both are at or before the moment a
 * person's page arrived, so a person is never judged too fast on them, while a bot that fetches a
 * page and posts at once is. Without a valid cookie, the cached page's old token proves nothing,
 * so the network's latest page fetch stands in for the first fetch: that one can be another
 * person's on the same network, hence a verdict of its own. A missing token is accepted: the
 * spec's JSON payload has none, and a form rendered while the database was unreadable has none
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

/** The cookie that records when this browser first fetched one of our pages. */
export function getFormShownCookieName(secure: boolean): string {
  return secure ? "__Host-form_shown" : "form_shown";
}

/** Set-Cookie value for a page answer to a browser that has no form-shown cookie yet. */
export function serializeFormShownCookie(secret: string, now: number, secure: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return `${getFormShownCookieName(secure)}=${signFormToken(secret, now)}; ${attributes.join("; ")}`;
}

/** The form-shown cookie's value in a Cookie header (under either name), if any. */
export function readFormShownCookie(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const trimmed = part.trim();
    for (const secure of [true, false]) {
      const name = `${getFormShownCookieName(secure)}=`;
      if (trimmed.startsWith(name)) return trimmed.slice(name.length);
    }
  }
  return undefined;
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
