// Keeps bots out of the public forms without bothering people: a hidden honeypot field that only
// bots fill, and a minimum fill time proven by a signed timestamp that the server renders into
// the form. A submission that fails either is dropped silently (the bot is told it worked).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/tables.server";

/** Nobody types a name, an email and a ten-character message in under three seconds. */
export const contactMinimumFillMs = 3000;
/** One field, possibly autofilled: a shorter floor, still beyond a script's instant post. */
export const newsletterMinimumFillMs = 2000;

export type SpamGuardFields = { website?: string | null; formToken?: string | null };
export type SpamVerdict = "person" | "honeypot" | "too-fast" | "forged-token";

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

/**
 * Judges the anti-spam fields. A missing token is accepted: the spec's JSON payload has none, and
 * a form rendered while the database was unreadable has none either.
 */
export function judgeSpamGuard(
  fields: SpamGuardFields,
  secret: string,
  minimumFillMs: number,
  now = Date.now(),
): SpamVerdict {
  if (fields.website && fields.website.trim() !== "") return "honeypot";
  const token = fields.formToken?.trim();
  if (!token) return "person";
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return "forged-token";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(match[2] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "forged-token";
  return now - issuedAt < minimumFillMs ? "too-fast" : "person";
}

export async function checkSpamGuard(
  db: Db,
  fields: SpamGuardFields,
  minimumFillMs: number,
  now = Date.now(),
): Promise<SpamVerdict> {
  return judgeSpamGuard(fields, await getFormSecret(db), minimumFillMs, now);
}
