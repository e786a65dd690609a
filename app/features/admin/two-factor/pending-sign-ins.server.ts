// Pending sign-ins: a random token, stored hashed for 5 minutes, that carries a sign-in from its
// first step (a right password, or a passkey ceremony begun) to its second, with the WebAuthn
// challenge handed out for it. Also a signed-in admin's passkey registration under way.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/platform/db/tables.server";

export const pendingSignInMs = 5 * 60 * 1000;

export type PendingPurpose = "second-factor" | "passkey" | "passkey-register";

export type PendingSignIn = {
  tokenHash: string;
  purpose: PendingPurpose;
  adminId: number | null;
  challenge: string | null;
};

function hashToken(token: string): string {
  return createHash("sha256").update(`pending-sign-in:${token}`).digest("hex");
}

/** Starts a pending sign-in and answers its token, sent once to the browser. */
export async function createPendingSignIn(
  db: Db,
  input: { purpose: PendingPurpose; adminId: number | null; challenge?: string },
  now = new Date(),
): Promise<string> {
  // Expired ones are of no use to anyone: each new one sweeps them.
  await db
    .deleteFrom("admin_pending_sign_ins")
    .where("expires_at", "<=", now.toISOString())
    .execute();
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_pending_sign_ins")
    .values({
      token_hash: hashToken(token),
      purpose: input.purpose,
      admin_id: input.adminId,
      challenge: input.challenge ?? null,
      expires_at: new Date(now.getTime() + pendingSignInMs).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** The live pending sign-in of a token and purpose, or undefined (unknown, expired, or used). */
export async function readPendingSignIn(
  db: Db,
  token: string,
  purpose: PendingPurpose,
  now = new Date(),
): Promise<PendingSignIn | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom("admin_pending_sign_ins")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    purpose,
    adminId: row.admin_id,
    challenge: row.challenge,
  };
}

/** Records the WebAuthn challenge just handed out for a pending sign-in. */
export async function setPendingChallenge(
  db: Db,
  pending: PendingSignIn,
  challenge: string,
): Promise<void> {
  await db
    .updateTable("admin_pending_sign_ins")
    .set({ challenge })
    .where("token_hash", "=", pending.tokenHash)
    .execute();
}

/** Ends a pending sign-in; answers false when another request already ended it. */
export async function deletePendingSignIn(db: Db, pending: PendingSignIn): Promise<boolean> {
  const result = await db
    .deleteFrom("admin_pending_sign_ins")
    .where("token_hash", "=", pending.tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
