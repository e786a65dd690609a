// The second step of a sign-in: a pending sign-in's token plus a code from the
// authenticator app, a recovery code or a passkey; or a passkey alone, which names its admin.
// Wrong answers count into the same lockout as wrong passwords (docs/decisions/006).
import {
  createPasskeySignInOptions,
  type RelyingParty,
  verifyPasskeySignIn,
} from "~/features/admin/two-factor/passkeys.server";
import {
  createPendingSignIn,
  deletePendingSignIn,
  type PendingSignIn,
  readPendingSignIn,
  setPendingChallenge,
} from "~/features/admin/two-factor/pending-sign-ins.server";
import { redeemRecoveryCode, redeemTotpCode } from "~/features/admin/two-factor/two-factor.server";
import type { SecondFactorInput } from "~/features/admin/two-factor/two-factor-schemas";
import type { Db } from "~/platform/db/tables.server";
import { getNetworkRateLimitKey, hitRateLimit } from "~/platform/rate-limit.server";
import {
  countSignInFailure,
  finishSignIn,
  getLoginIpKey,
  loginIpRule,
  readSignInLock,
  type SignInRequest,
  type SignInResult,
} from "./login.server";

type StepRequest = Omit<SignInRequest, "email">;

/** The pending sign-in a second step answers: a password's, or a passkey-alone one. */
async function readStepPending(
  db: Db,
  input: SecondFactorInput,
  now: Date,
): Promise<PendingSignIn | undefined> {
  const afterPassword = await readPendingSignIn(db, input.pendingToken, "second-factor", now);
  if (afterPassword || input.method !== "passkey") return afterPassword;
  return readPendingSignIn(db, input.pendingToken, "passkey", now);
}

async function findAdmin(db: Db, adminId: number) {
  return db
    .selectFrom("admins")
    .select(["id", "email"])
    .where("id", "=", adminId)
    .executeTakeFirst();
}

/** Checks the second step and, when it holds, signs the admin in (a new session). */
export async function completeSecondFactor(
  db: Db,
  input: SecondFactorInput & StepRequest,
  party: RelyingParty,
  now = new Date(),
): Promise<SignInResult> {
  const ipLimit = await hitRateLimit(db, getLoginIpKey(input.clientIp), loginIpRule, now.getTime());
  if (!ipLimit.allowed)
    return { status: "ip-limited", retryAfterSeconds: ipLimit.retryAfterSeconds };

  const pending = await readStepPending(db, input, now);
  if (!pending) return { status: "expired" };

  // A passkey alone names its admin; every other step carries the admin of its first step.
  let adminId = pending.adminId;
  let passkeyPassed = false;
  if (input.method === "passkey") {
    const owner = await verifyPasskeySignIn(db, pending, input.response, party, now);
    if (owner !== undefined) {
      adminId = owner;
      passkeyPassed = true;
    }
  }
  const admin = adminId === null ? undefined : await findAdmin(db, adminId);
  // An unknown passkey on a passkey-alone sign-in names nobody: only the network's limit counts it.
  if (!admin) return { status: "invalid-code" };

  const request: SignInRequest = { ...input, email: admin.email };
  const locked = await readSignInLock(db, request, admin, now);
  if (locked) {
    await deletePendingSignIn(db, pending);
    return locked;
  }

  const passed =
    input.method === "totp"
      ? await redeemTotpCode(db, admin.id, input.code, now)
      : input.method === "recovery"
        ? await redeemRecoveryCode(db, admin.id, input.code, now)
        : passkeyPassed;
  const detail = { step: "second-factor", method: input.method };
  if (!passed) {
    const failure = await countSignInFailure(db, request, admin, now, detail);
    if (failure.status === "locked") {
      // Locked out: this sign-in is over; after the lock, the password comes first again.
      await deletePendingSignIn(db, pending);
      return failure;
    }
    return { status: "invalid-code" };
  }
  // Two tabs finishing the same sign-in: only one gets the session.
  if (!(await deletePendingSignIn(db, pending))) return { status: "expired" };
  return finishSignIn(db, admin, request, now, detail);
}

export type PasskeyChallenge = {
  pendingToken: string;
  options: Awaited<ReturnType<typeof createPasskeySignInOptions>>;
};

/**
 * A passkey challenge: for the second step of a password sign-in (its token; only that admin's
 * passkeys), or for a sign-in with a passkey alone (a new pending sign-in, any passkey).
 */
export async function startPasskeySignIn(
  db: Db,
  request: { pendingToken?: string | undefined; clientIp: string },
  party: RelyingParty,
  now = new Date(),
): Promise<PasskeyChallenge | "expired" | { retryAfterSeconds: number }> {
  // Each challenge is a stored row: one network asks for as many as it may try sign-ins.
  const limit = await hitRateLimit(
    db,
    getNetworkRateLimitKey("passkey-challenge", request.clientIp),
    loginIpRule,
    now.getTime(),
  );
  if (!limit.allowed) return { retryAfterSeconds: limit.retryAfterSeconds };
  const { pendingToken } = request;
  if (pendingToken) {
    const pending = await readPendingSignIn(db, pendingToken, "second-factor", now);
    if (!pending) return "expired";
    const options = await createPasskeySignInOptions(db, party, pending.adminId);
    await setPendingChallenge(db, pending, options.challenge);
    return { pendingToken, options };
  }
  const options = await createPasskeySignInOptions(db, party, null);
  const token = await createPendingSignIn(
    db,
    { purpose: "passkey", adminId: null, challenge: options.challenge },
    now,
  );
  return { pendingToken: token, options };
}
