// An admin's second factors: the TOTP authenticator (set up, confirmed by a first code, turned
// off), the 10 single-use recovery codes (stored hashed, shown once), and what sign-in checks.
// Every change ends the admin's other sessions, as a password change does.
import { createHash, randomInt } from "node:crypto";
import type { TwoFactorMethod } from "~/capabilities/workspace/session-schema";
import { hasSecondFactor } from "~/capabilities/workspace/two-factor-requirement.server";
import { verifyPassword } from "~/features/admin/admins/passwords.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { ActivityAction } from "~/platform/activity/activity-actions";
import type { Db } from "~/platform/db/tables.server";
import { deleteAdminSessions } from "~/platform/sessions.server";
import { generateTotpSecret, matchTotp } from "./totp.server";

export const recoveryCodeCount = 10;
/** Recovery codes read aloud or typed from paper: no 0/o, 1/l/i look-alikes. */
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

export type PasskeySummary = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export type TwoFactorStatus = {
  totp: boolean;
  passkeys: PasskeySummary[];
  recoveryCodesLeft: number;
};

/** Who changes their own two-factor: the admin, their session (kept), where from. */
export type TwoFactorActor = { adminId: number; email: string; sessionId: string; address: string };

export async function readTwoFactorStatus(db: Db, adminId: number): Promise<TwoFactorStatus> {
  const [totp, passkeys, codes] = await Promise.all([
    db
      .selectFrom("admin_totp")
      .select("enabled_at")
      .where("admin_id", "=", adminId)
      .executeTakeFirst(),
    db
      .selectFrom("admin_passkeys")
      .select(["id", "name", "created_at", "last_used_at"])
      .where("admin_id", "=", adminId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("admin_recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("admin_id", "=", adminId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totp: Boolean(totp?.enabled_at),
    passkeys: passkeys.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
    recoveryCodesLeft: Number(codes.count),
  };
}

export function hasTwoFactor(status: TwoFactorStatus): boolean {
  return status.totp || status.passkeys.length > 0;
}

/** The ways an admin can finish a sign-in; empty when they have no second factor. */
export function listTwoFactorMethods(status: TwoFactorStatus): TwoFactorMethod[] {
  const methods: TwoFactorMethod[] = [];
  if (status.totp) methods.push("totp");
  if (hasTwoFactor(status) && status.recoveryCodesLeft > 0) methods.push("recovery");
  if (status.passkeys.length > 0) methods.push("passkey");
  return methods;
}

/** Records a two-factor change and ends the admin's other sessions, in the caller's transaction. */
export async function recordTwoFactorChange(
  trx: Db,
  actor: TwoFactorActor,
  action: ActivityAction,
  detail: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  const ended = await deleteAdminSessions(trx, actor.adminId, actor.sessionId);
  const logged: Actor = { adminId: actor.adminId, email: actor.email, address: actor.address };
  await recordActivity(
    trx,
    { action, actor: logged, target: actor.email, detail: { ...detail, sessionsEnded: ended } },
    now,
  );
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(`recovery:${normalizeRecoveryCode(code)}`)
    .digest("hex");
}

/** Codes are shown as "abcde-fghij"; typed with or without the dash, in any case. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function generateRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => recoveryAlphabet[randomInt(recoveryAlphabet.length)],
  );
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Replaces an admin's recovery codes with 10 new ones and answers them, to be shown once. */
async function replaceRecoveryCodes(trx: Db, adminId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, generateRecoveryCode);
  await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
  await trx
    .insertInto("admin_recovery_codes")
    .values(
      codes.map((code) => ({
        admin_id: adminId,
        code_hash: hashRecoveryCode(code),
        used_at: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return codes;
}

/**
 * Starts TOTP set-up: a new secret, kept unconfirmed until a first right code. Answers undefined
 * when TOTP is already on (its secret is never shown again).
 */
export async function startTotpSetup(
  db: Db,
  adminId: number,
  now = new Date(),
): Promise<string | undefined> {
  const existing = await db
    .selectFrom("admin_totp")
    .select(["secret", "enabled_at"])
    .where("admin_id", "=", adminId)
    .executeTakeFirst();
  if (existing?.enabled_at) return undefined;
  // A set-up left half-way keeps its secret, so a reload does not break the app's entry.
  if (existing) return existing.secret;
  const secret = generateTotpSecret();
  await db
    .insertInto("admin_totp")
    .values({
      admin_id: adminId,
      secret,
      enabled_at: null,
      last_used_step: null,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("admin_id").doNothing())
    .execute();
  return secret;
}

/** The secret of a set-up under way (to show it again with its QR code), if any. */
export async function readPendingTotpSecret(db: Db, adminId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("admin_totp")
    .select(["secret", "enabled_at"])
    .where("admin_id", "=", adminId)
    .executeTakeFirst();
  return row && !row.enabled_at ? row.secret : undefined;
}

export type ConfirmTotpResult =
  | { status: "enabled"; recoveryCodes: string[] | undefined }
  | { status: "wrong-code" }
  | { status: "not-started" };

/**
 * Turns TOTP on once the admin typed a right code from their app. The first second factor also
 * gets the 10 recovery codes (answered to be shown once).
 */
export async function confirmTotpSetup(
  db: Db,
  actor: TwoFactorActor,
  code: string,
  now = new Date(),
): Promise<ConfirmTotpResult> {
  return db.transaction().execute(async (trx) => {
    const secret = await readPendingTotpSecret(trx, actor.adminId);
    if (!secret) return { status: "not-started" };
    const step = matchTotp(secret, code, now);
    if (step === undefined) return { status: "wrong-code" };
    await trx
      .updateTable("admin_totp")
      .set({ enabled_at: now.toISOString(), last_used_step: step })
      .where("admin_id", "=", actor.adminId)
      .execute();
    const codesLeft = await countRecoveryCodes(trx, actor.adminId);
    const recoveryCodes =
      codesLeft === 0 ? await replaceRecoveryCodes(trx, actor.adminId, now) : undefined;
    await recordTwoFactorChange(trx, actor, "two-factor-on", { method: "totp" }, now);
    return { status: "enabled", recoveryCodes };
  });
}

async function countRecoveryCodes(db: Db, adminId: number): Promise<number> {
  const row = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("admin_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Gives the admin 10 new recovery codes (the old ones stop working), shown once. */
export async function renewRecoveryCodes(
  db: Db,
  actor: TwoFactorActor,
  now = new Date(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, actor.adminId, now);
    await recordTwoFactorChange(trx, actor, "recovery-codes-renew", {}, now);
    return codes;
  });
}

/** Gives the first second factor its recovery codes (a passkey added before any TOTP). */
export async function issueFirstRecoveryCodes(
  trx: Db,
  adminId: number,
  now = new Date(),
): Promise<string[] | undefined> {
  if ((await countRecoveryCodes(trx, adminId)) > 0) return undefined;
  return replaceRecoveryCodes(trx, adminId, now);
}

/** With no second factor left, recovery codes have nothing to recover: they go too. */
export async function dropRecoveryCodesIfUnused(trx: Db, adminId: number): Promise<void> {
  if (!(await hasSecondFactor(trx, adminId))) {
    await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
  }
}

export type DisableTotpResult = "disabled" | "not-enabled" | "wrong-proof";

/** Turns TOTP off; the admin proves it is them with a current code or their password. */
export async function disableTotp(
  db: Db,
  actor: TwoFactorActor,
  proof: { code?: string | undefined; password?: string | undefined },
  now = new Date(),
): Promise<DisableTotpResult> {
  const totp = await db
    .selectFrom("admin_totp")
    .select(["secret", "enabled_at", "last_used_step"])
    .where("admin_id", "=", actor.adminId)
    .executeTakeFirst();
  if (!totp?.enabled_at) return "not-enabled";
  let proven = false;
  if (proof.code) {
    proven = matchTotp(totp.secret, proof.code, now, totp.last_used_step) !== undefined;
  } else if (proof.password) {
    const admin = await db
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", actor.adminId)
      .executeTakeFirstOrThrow();
    proven = await verifyPassword(proof.password, admin.password_hash);
  }
  if (!proven) return "wrong-proof";
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_totp").where("admin_id", "=", actor.adminId).execute();
    await dropRecoveryCodesIfUnused(trx, actor.adminId);
    await recordTwoFactorChange(trx, actor, "two-factor-off", { method: "totp" }, now);
  });
  return "disabled";
}

/**
 * Checks a sign-in's TOTP code and, when right, marks its step used (only if no other request
 * took that step or a later one first), so each code signs in once.
 */
export async function redeemTotpCode(
  db: Db,
  adminId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const totp = await db
    .selectFrom("admin_totp")
    .select(["secret", "enabled_at", "last_used_step"])
    .where("admin_id", "=", adminId)
    .executeTakeFirst();
  if (!totp?.enabled_at) return false;
  const step = matchTotp(totp.secret, code, now, totp.last_used_step);
  if (step === undefined) return false;
  const claimed = await db
    .updateTable("admin_totp")
    .set({ last_used_step: step })
    .where("admin_id", "=", adminId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Uses one recovery code: true once per code, false for any other or a used one. */
export async function redeemRecoveryCode(
  db: Db,
  adminId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  if (normalizeRecoveryCode(code).length !== 10) return false;
  const used = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("admin_id", "=", adminId)
    .where("code_hash", "=", hashRecoveryCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Removes every second factor of an admin (authenticator app, recovery codes, passkeys) and ends
 * their sessions: for an admin who lost their phone and their codes (`npm run admin --
 * reset-two-factor`).
 */
export async function resetTwoFactor(
  db: Db,
  admin: { id: number; email: string },
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_totp").where("admin_id", "=", admin.id).execute();
    await trx.deleteFrom("admin_recovery_codes").where("admin_id", "=", admin.id).execute();
    await trx.deleteFrom("admin_passkeys").where("admin_id", "=", admin.id).execute();
    const ended = await deleteAdminSessions(trx, admin.id);
    await recordActivity(
      trx,
      {
        action: "two-factor-off",
        actor,
        target: admin.email,
        detail: { method: "all", sessionsEnded: ended },
      },
      now,
    );
  });
}
