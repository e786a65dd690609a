// The form cookie and form tokens: signed times that prove when a form was shown to a browser
// (rendered into the form) and when that browser first fetched one of our pages (a cookie the page
// cache sets). The spam guard (features/leads/spam) judges posts by them.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "~/platform/db/tables.server";

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
export function readTokenTime(token: string, secret: string): number | "forged" {
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
