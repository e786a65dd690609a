// Reading and saving the visit-counting settings (site_settings rows). Every process reads them
// again at each flush, so a change reaches every server within seconds.
import type { Actor } from "~/platform/activity/activity.server";
import { recordActivity } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import { defaultVisitSettings, type VisitSettings } from "./visit-settings";

const names = {
  counting: "visits_counting",
  honourGpc: "visits_honour_gpc",
  retentionMonths: "visits_retention_months",
} as const;

export async function readVisitSettings(db: Db): Promise<VisitSettings> {
  const rows = await db
    .selectFrom("site_settings")
    .select(["name", "value"])
    .where("name", "in", Object.values(names))
    .execute();
  const value = (name: string) => rows.find((row) => row.name === name)?.value;
  const months = Number(value(names.retentionMonths));
  return {
    counting: (value(names.counting) ?? "on") === "on",
    honourGpc: (value(names.honourGpc) ?? "on") === "on",
    retentionMonths:
      Number.isInteger(months) && months > 0 ? months : defaultVisitSettings.retentionMonths,
  };
}

export async function saveVisitSettings(
  db: Db,
  settings: VisitSettings,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const rows = [
    { name: names.counting, value: settings.counting ? "on" : "off" },
    { name: names.honourGpc, value: settings.honourGpc ? "on" : "off" },
    { name: names.retentionMonths, value: String(settings.retentionMonths) },
  ].map((row) => ({ ...row, updated_at: now.toISOString() }));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_settings")
      .values(rows)
      .onConflict((conflict) =>
        conflict.column("name").doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
    await recordActivity(
      trx,
      {
        action: "settings-save",
        actor,
        target: `visit counting ${settings.counting ? "on" : "off"}`,
        detail: { ...settings },
      },
      now,
    );
  });
}
