// The owner's setting "Require two-factor for every admin", kept in site_settings, and
// whether one admin must still set up a second factor. Read by the workspace middleware (screens)
// and by the admin API gate (JSON endpoints), so neither path is open without it.
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";

export const securityPath = "/admin/security";
export const twoFactorRequiredMessage =
  "This site requires two-factor sign-in: set it up on your Security screen first.";

const requireSetting = "require_two_factor";

export async function readRequireTwoFactor(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("site_settings")
    .select("value")
    .where("name", "=", requireSetting)
    .executeTakeFirst();
  return row?.value === "on";
}

export async function saveRequireTwoFactor(
  db: Db,
  required: boolean,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const value = required ? "on" : "off";
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_settings")
      .values({ name: requireSetting, value, updated_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict.column("name").doUpdateSet({ value, updated_at: now.toISOString() }),
      )
      .execute();
    await recordActivity(
      trx,
      { action: "two-factor-require", actor, target: "every admin", detail: { required } },
      now,
    );
  });
}

/** True when the site requires two-factor and this admin has none yet. */
export async function mustSetUpTwoFactor(db: Db, adminId: number): Promise<boolean> {
  if (!(await readRequireTwoFactor(db))) return false;
  return !(await hasSecondFactor(db, adminId));
}

/** Whether the admin has a second factor at all (an app turned on, or a passkey): two cheap reads. */
export async function hasSecondFactor(db: Db, adminId: number): Promise<boolean> {
  const [totp, passkey] = await Promise.all([
    db
      .selectFrom("admin_totp")
      .select("admin_id")
      .where("admin_id", "=", adminId)
      .where("enabled_at", "is not", null)
      .executeTakeFirst(),
    db
      .selectFrom("admin_passkeys")
      .select("id")
      .where("admin_id", "=", adminId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(totp || passkey);
}
