// Admin accounts: creation, password reset and the first-start bootstrap of DESIGN.md section 4.
import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "./db/tables.server";
import { generatePassword, hashPassword } from "./passwords.server";

export const adminCredentialsSchema = z.object({
  email: z
    .email("Please enter a valid email address")
    .max(200)
    .transform((email) => email.toLowerCase()),
  password: z.string().min(12, "Password must be at least 12 characters").max(256),
});
export type AdminCredentials = z.input<typeof adminCredentialsSchema>;

export const defaultAdminEmail = "admin@example.com";

export async function findAdminByEmail(db: Db, email: string) {
  return db
    .selectFrom("admins")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Creates an admin; returns false (and changes nothing) when that email already has an account. */
export async function createAdmin(db: Db, credentials: AdminCredentials): Promise<boolean> {
  const { email, password } = adminCredentialsSchema.parse(credentials);
  if (await findAdminByEmail(db, email)) return false;
  const now = new Date().toISOString();
  await db
    .insertInto("admins")
    .values({
      email,
      password_hash: await hashPassword(password),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return true;
}

/** Sets a new password; returns false when no admin has that email. */
export async function resetAdminPassword(db: Db, credentials: AdminCredentials): Promise<boolean> {
  const { email, password } = adminCredentialsSchema.parse(credentials);
  const result = await db
    .updateTable("admins")
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where("email", "=", email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
  logger.warn(
    { email: defaultAdminEmail, password },
    `First admin created. Sign in at /admin/login as ${defaultAdminEmail} with password ${password} (shown once; change it with npm run admin -- reset-password)`,
  );
}
