// The visit tables' writes and the reads the recorder needs: a batch as upserts that add to what
// other processes wrote, the day's shared salt, conversions, retention.
import { sql } from "kysely";
import type { Db } from "~/platform/db/tables.server";
import type { VisitOrigin } from "./visit-request.server";

export type VisitEntry = VisitOrigin & {
  entry: string;
  device: string;
  browser: string;
  pages: number;
};

/** Pending counts: views by "day\tpath\tvisitor", visits by "day\tvisitor", crawlers to erase. */
export type VisitBatch = {
  views: Map<string, number>;
  entries: Map<string, VisitEntry>;
  erase: Set<string>;
};

const chunkSize = 400;

function chunk<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += chunkSize) chunks.push(items.slice(at, at + chunkSize));
  return chunks;
}

export async function writeVisitBatch(db: Db, batch: VisitBatch): Promise<void> {
  const views = [...batch.views].map(([key, count]) => {
    const [day = "", path = "", visitor = ""] = key.split("\t");
    return { day, path, visitor, views: count };
  });
  const entries = [...batch.entries].map(([key, entry]) => {
    const [day = "", visitor = ""] = key.split("\t");
    return {
      day,
      visitor,
      entry_path: entry.entry,
      referrer_host: entry.referrerHost,
      source: entry.source,
      utm_medium: entry.medium,
      utm_campaign: entry.campaign,
      device: entry.device,
      browser: entry.browser,
      pages: entry.pages,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (const rows of chunk(views)) {
      await trx
        .insertInto("visit_page_views")
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(["day", "path", "visitor"]).doUpdateSet((eb) => ({
            views: eb("visit_page_views.views", "+", eb.ref("excluded.views")),
          })),
        )
        .execute();
    }
    for (const rows of chunk(entries)) {
      // The first process to write a visit keeps its entry page and origin; pages add up.
      await trx
        .insertInto("visit_entries")
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(["day", "visitor"]).doUpdateSet((eb) => ({
            pages: eb("visit_entries.pages", "+", eb.ref("excluded.pages")),
          })),
        )
        .execute();
    }
    for (const key of batch.erase) {
      const [day = "", visitor = ""] = key.split("\t");
      await trx
        .deleteFrom("visit_page_views")
        .where("day", "=", day)
        .where("visitor", "=", visitor)
        .execute();
      await trx
        .deleteFrom("visit_entries")
        .where("day", "=", day)
        .where("visitor", "=", visitor)
        .execute();
    }
  });
}

/** The salts of these days, made (by whichever process asks first) where there is none yet. */
export async function readVisitSalts(
  db: Db,
  days: string[],
  makeSalt: () => string,
): Promise<Map<string, string>> {
  await db
    .insertInto("visit_salts")
    .values(days.map((day) => ({ day, salt: makeSalt() })))
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const rows = await db
    .selectFrom("visit_salts")
    .select(["day", "salt"])
    .where("day", "in", days)
    .execute();
  return new Map(rows.map((row) => [row.day, row.salt]));
}

export async function upsertConversion(
  db: Db,
  key: { day: string; kind: string; entry_path: string; source: string },
): Promise<void> {
  await db
    .insertInto("visit_conversions")
    .values({ ...key, conversions: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["day", "kind", "entry_path", "source"])
        .doUpdateSet((eb) => ({ conversions: eb("visit_conversions.conversions", "+", 1) })),
    )
    .execute();
}

/**
 * Counts a conversion once for a visitor, kind and day: the first one is added, a repeat (by this
 * or another instance) finds the visitor noted and adds nothing.
 */
export async function upsertConversionOnce(
  db: Db,
  key: { day: string; kind: string; entry_path: string; source: string },
  visitor: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const noted = await trx
      .insertInto("visit_conversion_visitors")
      .values({ day: key.day, kind: key.kind, visitor })
      .onConflict((conflict) => conflict.columns(["day", "kind", "visitor"]).doNothing())
      .executeTakeFirst();
    if (Number(noted.numInsertedOrUpdatedRows ?? 0) > 0) await upsertConversion(trx, key);
  });
}

/**
 * The distinct origin values of a day's visits ("" and "other" aside), at most `limit` of each:
 * the counter's cap on new values keeps them few.
 */
export async function readVisitValues(db: Db, day: string, limit: number) {
  const read = async (
    column: "referrer_host" | "source" | "utm_medium" | "utm_campaign",
  ): Promise<string[]> => {
    const rows = await db
      .selectFrom("visit_entries")
      .select(column)
      .distinct()
      .where("day", "=", day)
      .where(column, "not in", ["", "other"])
      .limit(limit)
      .execute();
    return rows.map((row) => String(row[column as keyof typeof row]));
  };
  return {
    referrerHost: await read("referrer_host"),
    source: await read("source"),
    medium: await read("utm_medium"),
    campaign: await read("utm_campaign"),
  };
}

/** A visit as written today by any process: its origin and the pages it viewed. */
export async function readStoredAttribution(db: Db, day: string, visitor: string) {
  const entry = await db
    .selectFrom("visit_entries")
    .selectAll()
    .where("day", "=", day)
    .where("visitor", "=", visitor)
    .executeTakeFirst();
  if (!entry) return null;
  const pages = await db
    .selectFrom("visit_page_views")
    .select("path")
    .where("day", "=", day)
    .where("visitor", "=", visitor)
    .orderBy("path")
    .limit(20)
    .execute();
  return {
    landingPage: entry.entry_path,
    referrerHost: entry.referrer_host,
    source: entry.source,
    medium: entry.utm_medium,
    campaign: entry.utm_campaign,
    pagesBefore: pages.map((row) => row.path),
    pageCount: entry.pages,
  };
}

/**
 * Every table of visit figures by day: the raw rows and their daily rollups, and the newsletter's
 * clicks (a subscriber's clicks are kept no longer than the visits they led to).
 */
export const visitFigureTables = [
  "newsletter_clicks",
  "visit_page_views",
  "visit_entries",
  "visit_conversions",
  "visit_rolled_days",
  "visit_day_pages",
  "visit_day_visits",
  "visit_day_conversions",
] as const;

/** Figures older than the retention, and salts of days gone (so no visitor hash can be remade). */
export async function deleteVisitsBefore(db: Db, cutoff: string, today: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of visitFigureTables) {
      await trx.deleteFrom(table).where("day", "<", cutoff).execute();
    }
    await trx.deleteFrom("visit_salts").where("day", "<", today).execute();
    // Hashes of a day's salt: of no use once the day is over.
    await trx.deleteFrom("visit_conversion_visitors").where("day", "<", today).execute();
  });
}

/**
 * Each path's page views since a day (the admin lists of articles and case studies): the rolled-up
 * days' and the raw rows' of days not rolled up yet.
 */
export async function readViewsByPath(db: Db, paths: string[], since: string) {
  if (paths.length === 0) return new Map<string, number>();
  const { rows } = await sql<{ path: string; views: unknown }>`
    select path, sum(views) as views from (
      select path, views from visit_day_pages where path in (${sql.join(paths)}) and day >= ${since}
      union all
      select path, views from visit_page_views where path in (${sql.join(paths)}) and day >= ${since}
    ) counted group by path`.execute(db);
  return new Map(rows.map((row) => [row.path, Number(row.views)]));
}
