// Reading and saving the site's settings (site_settings, one row per setting). The site time zone
// is read at most once per request (request-data.server.ts); unset, or unreadable while the
// database is away, it is the server's own zone (TZ, else the system's).
import type { Actor } from "~/platform/activity/activity.server";
import { recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import type { Db } from "~/platform/db/tables.server";
import { isTimeZone, type SiteSettingsInput } from "./settings";

const timeZoneSetting = "time_zone";

/** The server's own zone: what the site uses until an owner chooses one. */
export function getServerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The site time zone: the saved one, else the server's. */
export async function readSiteTimeZone(db: Db): Promise<string> {
  const row = await db
    .selectFrom("site_settings")
    .select("value")
    .where("name", "=", timeZoneSetting)
    .executeTakeFirst();
  // A zone the runtime no longer knows (an older tz database) falls back rather than breaking.
  return row && isTimeZone(row.value) ? row.value : getServerTimeZone();
}

/**
 * Saves the settings with their activity entry, in one transaction. Public pages show dates in
 * the zone, so their cached copies are dropped (markDataChanged) on every server.
 */
export async function saveSiteSettings(
  db: Db,
  input: SiteSettingsInput,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const previous = await readSiteTimeZone(trx);
    await trx
      .insertInto("site_settings")
      .values({ name: timeZoneSetting, value: input.timeZone, updated_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict
          .column("name")
          .doUpdateSet({ value: input.timeZone, updated_at: now.toISOString() }),
      )
      .execute();
    await recordActivity(
      trx,
      {
        action: "settings-save",
        actor,
        target: `time zone ${input.timeZone}`,
        detail: { timeZone: input.timeZone, previousTimeZone: previous },
      },
      now,
    );
    await markDataChanged(trx, "settings");
  });
}
