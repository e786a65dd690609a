// Admin sign-in (docs/decisions/006-login-lockout.md): one generic failure for every cause, a limit
// per client network, a lock on email + network after 5 failures and a slower one on the email that
// spares its owner's networks. Two-factor admins get a pending sign-in (second-factor.server.ts).
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { TwoFactorMethod } from "~/capabilities/workspace/session-schema";
import { findAdminByEmail } from "~/features/admin/admins/admins.server";
import {
  dummyPasswordHash,
  PasswordCheckBusyError,
  verifyPassword,
} from "~/features/admin/admins/passwords.server";
import { createPendingSignIn } from "~/features/admin/two-factor/pending-sign-ins.server";
import {
  listTwoFactorMethods,
  readTwoFactorStatus,
} from "~/features/admin/two-factor/two-factor.server";
import { recordActivity } from "~/platform/activity/activity.server";
import { getClientNetwork } from "~/platform/client-network.server";
import type { Db } from "~/platform/db/tables.server";
import {
  getNetworkRateLimitKey,
  hitRateLimit,
  type RateLimitRule,
} from "~/platform/rate-limit.server";
import {
  createSession,
  deleteSession,
  type SessionDevice,
  sessionIdleMs,
} from "~/platform/sessions.server";
import type { LoginCredentials } from "../../../capabilities/workspace/session-schema";

/** Failures that lock one email + network pair. */
export const loginLockout = { maxFailures: 5, lockMs: 15 * 60 * 1000 };
/**
 * Failures from anywhere that lock an email for networks it never signed in from: far above what
 * a person mistyping makes, far below what guessing a password needs.
 */
export const loginEmailLockout = { maxFailures: 50, lockMs: 15 * 60 * 1000 };
/** Sign-in attempts one network may make; generous for an office, tight for a password sprayer. */
export const loginIpRule: RateLimitRule = { limit: 30, windowMs: 15 * 60 * 1000 };
/** How long a network an admin signed in from stays exempt from the email lock. */
export const knownAddressMs = 90 * 24 * 60 * 60 * 1000;

export const invalidCredentialsMessage = "Invalid email or password";
export const invalidCodeMessage = "That code is not right. Please try again.";
export const expiredSignInMessage = "Your sign-in has expired. Please sign in again.";

export type SignInResult =
  | { status: "signed-in"; sessionId: string; admin: { id: number; email: string } }
  /** The password was right; the second step (pendingToken, within 5 minutes) must follow. */
  | { status: "second-factor"; pendingToken: string; methods: TwoFactorMethod[] }
  | { status: "invalid" }
  /** A wrong code, recovery code or passkey at the second step. */
  | { status: "invalid-code" }
  /** The pending sign-in is unknown, used or older than 5 minutes. */
  | { status: "expired" }
  | { status: "locked"; retryAfterSeconds: number }
  | { status: "email-locked"; retryAfterSeconds: number }
  | { status: "ip-limited"; retryAfterSeconds: number }
  | { status: "busy"; retryAfterSeconds: number };

export type SignInFailure = Exclude<SignInResult, { status: "signed-in" | "second-factor" }>;

/** The rate-limit key of one client network's sign-in attempts. */
export function getLoginIpKey(clientIp: string): string {
  return getNetworkRateLimitKey("login", clientIp);
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The lock key of one email (known account or not, so both behave the same) on one network. */
export function getLoginThrottleKey(email: string, clientIp: string): string {
  return createHash("sha256")
    .update(`login-pair:${normalizeEmail(email)}:${getClientNetwork(clientIp)}`)
    .digest("hex");
}

/** The key of one email's failures from everywhere. */
export function getLoginEmailKey(email: string): string {
  return createHash("sha256")
    .update(`login-email:${normalizeEmail(email)}`)
    .digest("hex");
}

async function isKnownAddress(db: Db, pairKey: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("login_known_addresses")
    .select("last_success_at")
    .where("key", "=", pairKey)
    .executeTakeFirst();
  return Boolean(row && Date.parse(row.last_success_at) > now.getTime() - knownAddressMs);
}

async function rememberKnownAddress(db: Db, pairKey: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("login_known_addresses")
    .values({ key: pairKey, last_success_at: at })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ last_success_at: at }))
    .execute();
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
 * key once the window holds rule.maxFailures. Returns the lock's length in seconds, if locked.
 */
async function recordFailure(
  db: Db,
  key: string,
  now: Date,
  rule: { maxFailures: number; lockMs: number } = loginLockout,
): Promise<number | undefined> {
  const nowText = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.lockMs).toISOString();
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
  if (Number(row.failures) < rule.maxFailures) return undefined;
  await db
    .updateTable("login_throttles")
    .set({ locked_until: new Date(now.getTime() + rule.lockMs).toISOString() })
    .where("key", "=", key)
    .execute();
  return rule.lockMs / 1000;
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

/** What a sign-in request carries besides its credentials. */
export type SignInRequest = {
  email: string;
  clientIp: string;
  previousSessionId?: string | undefined;
  /** The browser signing in, kept with the session (the account screen lists it). */
  device?: SessionDevice;
};

/**
 * The locks that refuse a sign-in before any credential is checked: the email + network pair's,
 * and the email's own (which spares networks the admin signed in from). Also the second step's.
 */
export async function readSignInLock(
  db: Db,
  request: SignInRequest,
  admin: { id: number; email: string } | undefined,
  now: Date,
): Promise<SignInFailure | undefined> {
  const key = getLoginThrottleKey(request.email, request.clientIp);
  const lockedFor = await readLock(db, key, now);
  if (lockedFor !== undefined) {
    await recordSignInActivity(db, "login-locked", request, admin, now);
    return { status: "locked", retryAfterSeconds: lockedFor };
  }
  // The email's own lock stops guessing from everywhere, but never the networks its owner uses.
  const emailLockedFor = await readLock(db, getLoginEmailKey(request.email), now);
  if (emailLockedFor !== undefined && !(await isKnownAddress(db, key, now))) {
    await recordSignInActivity(db, "login-locked", request, admin, now);
    return { status: "email-locked", retryAfterSeconds: emailLockedFor };
  }
  return undefined;
}

/**
 * Counts a failed sign-in (a wrong password, or a wrong second factor: the same counters) with its
 * activity entry, written together or not at all; answers the lock it caused, if any.
 */
export async function countSignInFailure(
  db: Db,
  request: SignInRequest,
  admin: { id: number; email: string } | undefined,
  now: Date,
  detail?: Record<string, unknown>,
): Promise<{ status: "invalid" } | { status: "locked"; retryAfterSeconds: number }> {
  const lockSeconds = await db.transaction().execute(async (trx) => {
    const locked = await recordFailure(
      trx,
      getLoginThrottleKey(request.email, request.clientIp),
      now,
    );
    await recordFailure(trx, getLoginEmailKey(request.email), now, loginEmailLockout);
    const action = locked === undefined ? "login-failed" : "login-locked";
    await recordSignInActivity(trx, action, request, admin, now, detail);
    return locked;
  });
  return lockSeconds === undefined
    ? { status: "invalid" }
    : { status: "locked", retryAfterSeconds: lockSeconds };
}

/**
 * Checks the credentials. Right ones start a new session (the previous one, if the request had
 * one, is ended: every login gets a new id), or, for an admin with two-factor, a pending sign-in
 * that the second step finishes.
 */
export async function signIn(
  db: Db,
  request: LoginCredentials & SignInRequest,
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

  const locked = await readSignInLock(db, request, undefined, now);
  if (locked) return locked;

  const admin = await findAdminByEmail(db, request.email);
  // An unknown email costs the same argon2 work as a known one, so timing tells nothing.
  const passwordHash = admin?.password_hash ?? (await dummyPasswordHash);
  let valid: boolean;
  try {
    valid = await verifyPassword(request.password, passwordHash);
  } catch (error) {
    if (error instanceof PasswordCheckBusyError) return { status: "busy", retryAfterSeconds: 2 };
    throw error;
  }
  if (!admin || !valid) return countSignInFailure(db, request, admin, now);

  // The failures counted so far stay until the second step is passed too: a right password
  // alone must not reset the count of wrong codes.
  const methods = listTwoFactorMethods(await readTwoFactorStatus(db, admin.id));
  if (methods.length > 0) {
    const pendingToken = await createPendingSignIn(
      db,
      { purpose: "second-factor", adminId: admin.id },
      now,
    );
    return { status: "second-factor", pendingToken, methods };
  }
  return finishSignIn(db, admin, request, now);
}

/** The last step of every sign-in: counters cleared, the network remembered, a new session. */
export async function finishSignIn(
  db: Db,
  admin: { id: number; email: string },
  request: SignInRequest,
  now: Date,
  detail?: Record<string, unknown>,
): Promise<SignInResult> {
  const key = getLoginThrottleKey(admin.email, request.clientIp);
  await db.deleteFrom("login_throttles").where("key", "=", key).execute();
  await rememberKnownAddress(db, key, now);
  if (request.previousSessionId) await deleteSession(db, request.previousSessionId);
  await deleteExpiredSessions(db, now);
  const sessionId = await db.transaction().execute(async (trx) => {
    await recordSignInActivity(trx, "login", request, admin, now, detail);
    return createSession(trx, admin.id, now, request.device);
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
  detail?: Record<string, unknown>,
): Promise<void> {
  const email = admin?.email ?? request.email.trim().toLowerCase();
  return recordActivity(
    trx,
    { action, actor: { adminId: admin?.id ?? null, email, address: request.clientIp }, detail },
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
    case "invalid-code":
      return { status: 401, message: invalidCodeMessage, headers: {} };
    case "expired":
      return { status: 401, message: expiredSignInMessage, headers: {} };
    case "locked":
      return {
        status: 429,
        message: `Too many failed sign-in attempts: this account is locked for your security. Please try again in ${describeWait(result.retryAfterSeconds)}.`,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      };
    case "email-locked":
      return {
        status: 429,
        message: `Too many failed sign-in attempts for this account: it can only be signed in to from a network it was used on before. Please try again in ${describeWait(result.retryAfterSeconds)}.`,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      };
    case "busy":
      return {
        status: 503,
        message:
          "Too many sign-in attempts are being checked right now. Please try again in a few seconds.",
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
