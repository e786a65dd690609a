// Admin accounts: creation, password changes, signing out everywhere, removal (never the last
// admin) and the first-start bootstrap. Each change is written to the
// activity log in its own transaction; a password change or reset ends the admin's sessions.
import { sql } from "kysely";
import type { Logger } from "pino";
import { type Actor, getActor, recordActivity } from "~/platform/activity/activity.server";
import { type AdminRole, adminRoleSchema, readAdminRole } from "~/platform/admin-roles";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db } from "~/platform/db/tables.server";
import {
  deleteAdminSessions,
  deleteSession,
  getSession,
  readSessionId,
  serializeClearedSessionCookie,
} from "~/platform/sessions.server";
import { z } from "~/platform/zod";
import { adminEmailSchema, passwordSchema } from "./admin-forms";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.server";

export const adminCredentialsSchema = z.object({
  email: adminEmailSchema,
  password: passwordSchema,
  /** Owner unless said otherwise: the first admin, and the command line's, run the site. */
  role: adminRoleSchema.default("owner"),
});
export type AdminCredentials = z.input<typeof adminCredentialsSchema>;

export const defaultAdminEmail = "admin@example.com";
export const lastAdminMessage =
  "This is the only admin account: add another admin before removing it.";
/** The site always keeps an owner: someone must be able to manage admins. */
export const lastOwnerRemoveMessage =
  "This is the only owner: make another admin an owner before removing this one.";
export const lastOwnerDemoteMessage =
  "This is the only owner: make another admin an owner before making this one an editor.";

export async function findAdminByEmail(db: Db, email: string) {
  return db
    .selectFrom("admins")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export type AdminSummary = {
  id: number;
  email: string;
  role: AdminRole;
  createdAt: string;
  updatedAt: string;
  activeSessions: number;
};

export async function listAdmins(db: Db, now = new Date()): Promise<AdminSummary[]> {
  const admins = await db
    .selectFrom("admins")
    .select(["id", "email", "role", "created_at", "updated_at"])
    .orderBy("email")
    .execute();
  const sessions = await db
    .selectFrom("admin_sessions")
    .select(["admin_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("expires_at", ">", now.toISOString())
    .groupBy("admin_id")
    .execute();
  const counts = new Map(sessions.map((row) => [row.admin_id, Number(row.count)]));
  return admins.map((admin) => ({
    id: admin.id,
    email: admin.email,
    role: readAdminRole(admin.role),
    createdAt: admin.created_at,
    updatedAt: admin.updated_at,
    activeSessions: counts.get(admin.id) ?? 0,
  }));
}

/** Creates an admin; returns false (and changes nothing) when that email already has an account. */
export async function createAdmin(
  db: Db,
  credentials: AdminCredentials,
  actor?: Actor,
): Promise<boolean> {
  const { email, password, role } = adminCredentialsSchema.parse(credentials);
  // Hashing costs ~50 ms and 19 MiB: not for an account that exists (every start with ADMIN_EMAIL
  // set asks). The check inside the transaction still decides.
  if (await findAdminByEmail(db, email)) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if (await findAdminByEmail(trx, email)) return false;
    const now = new Date().toISOString();
    await trx
      .insertInto("admins")
      .values({ email, password_hash: passwordHash, role, created_at: now, updated_at: now })
      .execute();
    if (actor) {
      await recordActivity(trx, {
        action: "admin-create",
        actor,
        target: email,
        detail: { role },
      });
    }
    return true;
  });
}

/**
 * Sets a new password and ends every session of that admin but keptSessionId (the admin's own,
 * when they change their own password). Returns false when no admin has that email.
 */
export async function resetAdminPassword(
  db: Db,
  credentials: AdminCredentials,
  options: { actor?: Actor; keptSessionId?: string } = {},
): Promise<boolean> {
  const { email, password } = adminCredentialsSchema.parse(credentials);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const admin = await findAdminByEmail(trx, email);
    if (!admin) return false;
    await trx
      .updateTable("admins")
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where("id", "=", admin.id)
      .execute();
    const ended = await deleteAdminSessions(trx, admin.id, options.keptSessionId);
    await recordActivity(trx, {
      action: "admin-password",
      actor: options.actor,
      target: email,
      detail: { sessionsEnded: ended },
    });
    return true;
  });
}

export type PasswordChangeResult = "changed" | "wrong-password";

/** An admin's own password change: the current password is required; other sessions end. */
export async function changeOwnPassword(
  db: Db,
  input: { adminId: number; sessionId: string; currentPassword: string; newPassword: string },
  address: string,
): Promise<PasswordChangeResult> {
  const admin = await db
    .selectFrom("admins")
    .selectAll()
    .where("id", "=", input.adminId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.currentPassword, admin.password_hash))) return "wrong-password";
  await resetAdminPassword(
    db,
    { email: admin.email, password: input.newPassword },
    {
      actor: { adminId: admin.id, email: admin.email, address },
      keptSessionId: input.sessionId,
    },
  );
  return "changed";
}

/** Ends every session of the admin with that email; answers how many, or undefined if unknown. */
export async function revokeAdminSessions(
  db: Db,
  email: string,
  actor?: Actor,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const admin = await findAdminByEmail(trx, email);
    if (!admin) return undefined;
    const ended = await deleteAdminSessions(trx, admin.id);
    await recordActivity(trx, {
      action: "admin-sessions-revoked",
      actor,
      target: admin.email,
      detail: { sessionsEnded: ended },
    });
    return ended;
  });
}

/** Locks the admins table (PostgreSQL): two owners changing each other at once must not leave none. */
async function lockAdmins(trx: Db): Promise<void> {
  if (getDialectName(trx) === "postgres") {
    await sql`lock table admins in share row exclusive mode`.execute(trx);
  }
}

async function countOwners(trx: Db): Promise<number> {
  const { count } = await trx
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type SetAdminRoleResult = "changed" | "unchanged" | "not-found" | "last-owner";

/** Makes an admin an owner or an editor; the last owner is never made an editor. */
export async function setAdminRole(
  db: Db,
  email: string,
  role: AdminRole,
  actor?: Actor,
): Promise<SetAdminRoleResult> {
  return db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    const admin = await findAdminByEmail(trx, email);
    if (!admin) return "not-found";
    const from = readAdminRole(admin.role);
    if (from === role) return "unchanged";
    if (from === "owner" && (await countOwners(trx)) <= 1) return "last-owner";
    await trx
      .updateTable("admins")
      .set({ role, updated_at: new Date().toISOString() })
      .where("id", "=", admin.id)
      .execute();
    await recordActivity(trx, {
      action: "admin-role",
      actor,
      target: admin.email,
      detail: { from, to: role },
    });
    return "changed";
  });
}

export type DeleteAdminResult = "deleted" | "not-found" | "last-admin" | "last-owner";

/** Removes an admin and its sessions; the last admin, and the last owner, are never removed. */
export async function deleteAdmin(
  db: Db,
  email: string,
  actor?: Actor,
): Promise<DeleteAdminResult> {
  return db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    const admin = await findAdminByEmail(trx, email);
    if (!admin) return "not-found";
    const { count } = await trx
      .selectFrom("admins")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) <= 1) return "last-admin";
    if (readAdminRole(admin.role) === "owner" && (await countOwners(trx)) <= 1) {
      return "last-owner";
    }
    await deleteAdminSessions(trx, admin.id);
    await trx.deleteFrom("admins").where("id", "=", admin.id).execute();
    await recordActivity(trx, {
      action: "admin-delete",
      actor,
      target: admin.email,
    });
    return "deleted";
  });
}

/** Logout: the session ends and the activity log says so, together. */
export async function endSession(db: Db, sessionId: string, address: string): Promise<void> {
  const session = await getSession(db, sessionId);
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, sessionId);
    if (session) {
      await recordActivity(trx, {
        action: "logout",
        actor: getActor(session, address),
      });
    }
  });
}

/**
 * Logout of the session a request carries (none: nothing to end); answers the Set-Cookie value
 * that clears the browser's cookie.
 */
export async function endRequestSession(
  db: Db,
  request: Request,
  options: { secure: boolean; address: string },
): Promise<string> {
  const sessionId = readSessionId(request, options.secure);
  if (sessionId) await endSession(db, sessionId, options.address);
  return serializeClearedSessionCookie(options.secure);
}

/**
 * At start: create ADMIN_EMAIL if it has no account (never overwrite one); with no admin at all and
 * no ADMIN_* set, create admin@example.com with a generated password and log it once.
 */
export async function bootstrapAdmin(
  db: Db,
  env: { ADMIN_EMAIL?: string | undefined; ADMIN_PASSWORD?: string | undefined },
  logger: Logger,
): Promise<void> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    if (await createAdmin(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })) {
      logger.info(
        { email: env.ADMIN_EMAIL.toLowerCase() },
        "Admin account created from ADMIN_EMAIL",
      );
    }
    return;
  }
  const existing = await db.selectFrom("admins").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const password = generatePassword();
  await createAdmin(db, { email: defaultAdminEmail, password });
  // The password once, in the message (which people read), not again as a field: whatever keeps
  // the logs keeps each copy.
  logger.warn(
    { email: defaultAdminEmail },
    `First admin created. Sign in at /admin/login as ${defaultAdminEmail} with password ${password} (shown once; change it with npm run admin -- reset-password)`,
  );
}
