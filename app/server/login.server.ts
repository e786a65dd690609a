// Admin sign-in (DESIGN.md section 7): a generic failure message, a per-account lockout (5
// failures, 15 minutes), a per-IP limit, and the same work and answer for unknown emails.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { recordActivity } from "~/features/admin/activity/activity.server";
import { findAdminByEmail } from "~/features/admin/admins/admins.server";
import type { LoginCredentials } from "~/features/admin/login/login-schema";
import type { Db } from "./db/tables.server";
import { dummyPasswordHash, verifyPassword } from "./passwords.server";
import { hashClientIp, hitRateLimit, type RateLimitRule } from "./rate-limit.server";
import { createSession, deleteSession, sessionIdleMs } from "./sessions.server";

export const loginLockout = { maxFailures: 5, lockMs: 15 * 60 * 1000 };
/** Sign-in attempts one address may make; generous for an office, tight for a password sprayer. */
export const loginIpRule: RateLimitRule = { limit: 30, windowMs: 15 * 60 * 1000 };

export const invalidCredentialsMessage = "Invalid email or password";

export type SignInResult =
  | { status: "signed-in"; sessionId: string; admin: { id: number; email: string } }
  | { status: "invalid" }
  | { status: "locked"; retryAfterSeconds: number }
  | { status: "ip-limited"; retryAfterSeconds: number };

export type SignInFailure = Exclude<SignInResult, { status: "signed-in" }>;

/** The rate-limit key of one client address's sign-in attempts. */
export function getLoginIpKey(clientIp: string): string {
  return `login:${hashClientIp(clientIp)}`;
}

/** The lockout key of one email address, known account or not (so both behave the same). */
export function getLoginThrottleKey(email: string): string {
  return createHash("sha256").update(`login-email:${email.trim().toLowerCase()}`).digest("hex");
}

async function readLock(db: Db, key: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom("login_throttles")
    .select("locked_until")
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row?.locked_until) return undefined;
  const remainingMs = Date.parse(row.locked_until) - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : undefined;
}

/**
 * Counts a failure in the current 15-minute window (an older window starts over) and locks the
 * account once the window holds maxFailures. Returns the lock's length in seconds, if locked.
 */
async function recordFailure(db: Db, key: string, now: Date): Promise<number | undefined> {
  const nowText = now.toISOString();
  const windowStart = new Date(now.getTime() - loginLockout.lockMs).toISOString();
  const row = await db
    .insertInto("login_throttles")
    .values({ key, failures: 1, first_failure_at: nowText, locked_until: null })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        failures: sql<number>`case when login_throttles.first_failure_at < ${windowStart} then 1 else login_throttles.failures + 1 end`,
        first_failure_at: sql<string>`case when login_throttles.first_failure_at < ${windowStart} then ${nowText} else login_throttles.first_failure_at end`,
        locked_until: null,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  if (Number(row.failures) < loginLockout.maxFailures) return undefined;
  await db
    .updateTable("login_throttles")
    .set({ locked_until: new Date(now.getTime() + loginLockout.lockMs).toISOString() })
    .where("key", "=", key)
    .execute();
  return loginLockout.lockMs / 1000;
}

/** Sessions past their idle timeout or lifetime are of no further use. */
async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom("admin_sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now.toISOString()),
        eb("last_seen_at", "<", new Date(now.getTime() - sessionIdleMs).toISOString()),
      ]),
    )
    .execute();
}

/**
 * Checks the credentials and, when they are right, starts a new session (the previous one, if
 * the request had one, is ended: every login gets a new id).
 */
export async function signIn(
  db: Db,
  request: LoginCredentials & { clientIp: string; previousSessionId?: string | undefined },
  now = new Date(),
): Promise<SignInResult> {
  const ipLimit = await hitRateLimit(
    db,
    getLoginIpKey(request.clientIp),
    loginIpRule,
    now.getTime(),
  );
  if (!ipLimit.allowed)
    return { status: "ip-limited", retryAfterSeconds: ipLimit.retryAfterSeconds };

  const key = getLoginThrottleKey(request.email);
  const lockedFor = await readLock(db, key, now);
  if (lockedFor !== undefined) {
    await recordSignInActivity(db, "login-locked", request, undefined, now);
    return { status: "locked", retryAfterSeconds: lockedFor };
  }

  const admin = await findAdminByEmail(db, request.email);
  // An unknown email costs the same argon2 work as a known one, so timing tells nothing.
  const passwordHash = admin?.password_hash ?? (await dummyPasswordHash);
  const valid = await verifyPassword(request.password, passwordHash);
  if (!admin || !valid) {
    const lockSeconds = await db.transaction().execute(async (trx) => {
      const locked = await recordFailure(trx, key, now);
      const action = locked === undefined ? "login-failed" : "login-locked";
      await recordSignInActivity(trx, action, request, admin, now);
      return locked;
    });
    return lockSeconds === undefined
      ? { status: "invalid" }
      : { status: "locked", retryAfterSeconds: lockSeconds };
  }

  await db.deleteFrom("login_throttles").where("key", "=", key).execute();
  if (request.previousSessionId) await deleteSession(db, request.previousSessionId);
  await deleteExpiredSessions(db, now);
  const sessionId = await db.transaction().execute(async (trx) => {
    await recordSignInActivity(trx, "login", request, admin, now);
    return createSession(trx, admin.id, now);
  });
  return { status: "signed-in", sessionId, admin: { id: admin.id, email: admin.email } };
}

/** The activity log's entry of a sign-in attempt; an unknown email is kept as typed. */
function recordSignInActivity(
  trx: Db,
  action: "login" | "login-failed" | "login-locked",
  request: { email: string; clientIp: string },
  admin: { id: number; email: string } | undefined,
  now: Date,
): Promise<void> {
  const email = admin?.email ?? request.email.trim().toLowerCase();
  return recordActivity(
    trx,
    { action, admin: { id: admin?.id ?? null, email }, address: request.clientIp },
    now,
  );
}

function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The status, message and headers a failed sign-in is answered with, by the API and the page. */
export function describeSignInFailure(result: SignInFailure): {
  status: number;
  message: string;
  headers: Record<string, string>;
} {
  switch (result.status) {
    case "invalid":
      return { status: 401, message: invalidCredentialsMessage, headers: {} };
    case "locked":
      return {
        status: 429,
        message: `Too many failed sign-in attempts: this account is locked for your security. Please try again in ${describeWait(result.retryAfterSeconds)}.`,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      };
    case "ip-limited":
      return {
        status: 429,
        message: `Too many sign-in attempts from your network. Please try again in ${describeWait(result.retryAfterSeconds)}.`,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      };
  }
}
