// The owner's setting "Require two-factor for every admin" (issue 20): kept in site_settings; when
// on, an admin without a second factor is taken to the Security screen before any other screen.
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import { getGateSession } from "~/features/admin/gate.server";
import { type Actor, recordActivity } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import type { Db } from "~/platform/db/tables.server";
import { hasTwoFactor, readTwoFactorStatus } from "./two-factor.server";

const requireSetting = "require_two_factor";
export const securityPath = "/admin/security";

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
  return !hasTwoFactor(await readTwoFactorStatus(db, adminId));
}

/**
 * Workspace middleware, after the gate: while the site requires two-factor, an admin without it
 * sees only the Security screen (every other screen redirects there).
 */
export const requireTwoFactorSetupMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const session = getGateSession(context);
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (session && path !== securityPath) {
    const { db } = getAppContext(context);
    if (await mustSetUpTwoFactor(db, session.adminId)) throw redirect(`${securityPath}?required`);
  }
  return next();
};
