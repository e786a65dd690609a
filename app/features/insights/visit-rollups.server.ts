// Insights' daily rollups: each finished day's raw visit rows summed into the visit_day_* tables
// and deleted, one day per transaction, and the SQL that reads rollups and raw rows as one.
import { type RawBuilder, sql } from "kysely";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db } from "~/platform/db/tables.server";
import { isDatabaseUnavailable } from "~/platform/db/unavailable.server";
import { readSourceName } from "~/platform/visits/visit-attribution";
import { addDays } from "~/platform/visits/visit-days";

export type DayRange = { from: string; to: string };
export const visitDimensions = [
  "entry",
  "referrer",
  "source",
  "device",
  "browser",
  "campaign",
] as const;
export type VisitDimension = (typeof visitDimensions)[number];

/** A source's aliases found among raw rows, each with its one name (readSourceName). */
export type SourceAliases = ReadonlyMap<string, string>;

/** More aliases than this in raw rows is a flood's doing: the rest keep their own names. */
const maxAliases = 500;

/** The distinct source and referrer values among the raw rows of these days. */
export function selectRawSourceValues({ from, to }: DayRange): RawBuilder<{ value: string }> {
  return sql<{ value: string }>`
    select referrer_host as value from visit_entries where day >= ${from} and day <= ${to}
    union select source from visit_entries where day >= ${from} and day <= ${to}
    union select source from visit_conversions where day >= ${from} and day <= ${to}`;
}

/**
 * The aliases of known sources among raw values, with their one name. They are few (the raw rows
 * are the days not rolled up yet), so SQL maps them by a CASE of literal pairs, the one
 * definition of a source's name staying readSourceName.
 */
export function toSourceAliases(rows: readonly { value: string }[]): SourceAliases {
  const aliases = new Map<string, string>();
  for (const { value } of rows) {
    const name = value ? readSourceName(value) : value;
    if (name !== value) aliases.set(value, name);
    if (aliases.size >= maxAliases) break;
  }
  return aliases;
}

/** A source column as its one name: the alias pairs as a CASE, else the column itself. */
function nameSourceSql(column: string, aliases: SourceAliases): RawBuilder<string> {
  const ref = sql.ref(column);
  if (aliases.size === 0) return sql<string>`${ref}`;
  const pairs = [...aliases].map(([alias, name]) => sql`when ${alias} then ${name}`);
  return sql<string>`case ${ref} ${sql.join(pairs, sql` `)} else ${ref} end`;
}

/** A dimension's value and detail, from a raw visit row with its sources named. */
const dimensionSql: Record<
  VisitDimension,
  { value: RawBuilder<string>; detail?: RawBuilder<string> }
> = {
  entry: { value: sql`entry_path` },
  referrer: { value: sql`referrer_host` },
  source: { value: sql`source` },
  device: { value: sql`device` },
  browser: { value: sql`browser` },
  campaign: {
    value: sql`case when utm_campaign = '' then '(no campaign name)' else utm_campaign end`,
    detail: sql`case when source <> '' and utm_medium <> '' then source || ' / ' || utm_medium
        else source || utm_medium end`,
  },
};

/** Raw visits of the days grouped by a dimension's value and detail: (value, detail, visits). */
export function selectRawVisits(
  dimension: VisitDimension,
  { from, to }: DayRange,
  aliases: SourceAliases,
): RawBuilder<unknown> {
  const { value, detail = sql`''` } = dimensionSql[dimension];
  const campaignsOnly =
    dimension === "campaign" ? sql`and (utm_campaign <> '' or utm_medium <> '')` : sql``;
  return sql`select value, detail, count(*) as visits from (
      select ${value} as value, ${detail} as detail from (
        select entry_path, device, browser, utm_medium, utm_campaign,
          ${nameSourceSql("referrer_host", aliases)} as referrer_host,
          ${nameSourceSql("source", aliases)} as source
        from visit_entries where day >= ${from} and day <= ${to} ${campaignsOnly}
      ) named
    ) keyed group by value, detail`;
}

/** Raw conversions of the days with their sources named: (kind, entry_path, source, conversions). */
export function selectRawConversions({ from, to }: DayRange, aliases: SourceAliases) {
  return sql`select kind, entry_path, ${nameSourceSql("source", aliases)} as source, conversions
    from visit_conversions where day >= ${from} and day <= ${to}`;
}

/** A turn of the event loop: on SQLite a statement's await alone gives none. */
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Sums one day's raw rows into the rollups (adding to what is there) and deletes them. */
async function moveDayToRollups(trx: Db, day: string): Promise<boolean> {
  const one = { from: day, to: day };
  const totals = await sql<{ visits: unknown; views: unknown }>`select
      (select count(*) from visit_entries where day = ${day}) as visits,
      (select coalesce(sum(views), 0) from visit_page_views where day = ${day}) as views,
      (select count(*) from visit_conversions where day = ${day}) as conversions`.execute(trx);
  const { visits, views, conversions } = totals.rows[0] as Record<string, unknown>;
  if (Number(visits) + Number(views) + Number(conversions) === 0) return false;
  await sql`insert into visit_rolled_days (day, visits, views)
    values (${day}, ${Number(visits)}, ${Number(views)})
    on conflict (day) do update set visits = visit_rolled_days.visits + excluded.visits,
      views = visit_rolled_days.views + excluded.views`.execute(trx);
  await sql`insert into visit_day_pages (day, path, views, visitors)
    select day, path, sum(views), count(*) from visit_page_views where day = ${day}
    group by day, path
    on conflict (day, path) do update set views = visit_day_pages.views + excluded.views,
      visitors = visit_day_pages.visitors + excluded.visitors`.execute(trx);
  await yieldTurn();
  const aliases = toSourceAliases((await selectRawSourceValues(one).execute(trx)).rows);
  for (const dimension of visitDimensions) {
    await yieldTurn();
    await sql`insert into visit_day_visits (dimension, day, value, detail, visits)
      select cast(${dimension} as text), cast(${day} as text), value, detail, visits
      from (${selectRawVisits(dimension, one, aliases)}) raw where true
      on conflict (dimension, day, value, detail)
      do update set visits = visit_day_visits.visits + excluded.visits`.execute(trx);
  }
  await sql`insert into visit_day_conversions (day, kind, entry_path, source, conversions)
    select cast(${day} as text), kind, entry_path, source, sum(conversions)
    from (${selectRawConversions(one, aliases)}) raw where true
    group by kind, entry_path, source
    on conflict (day, kind, entry_path, source)
    do update set conversions = visit_day_conversions.conversions + excluded.conversions`.execute(
    trx,
  );
  for (const table of ["visit_page_views", "visit_entries", "visit_conversions"] as const) {
    await yieldTurn();
    await trx.deleteFrom(table).where("day", "=", day).execute();
  }
  return true;
}

/**
 * Rolls one day up in one transaction; false when there was nothing left (another instance got
 * there first). On PostgreSQL the transaction first locks the raw tables against writes (reads go
 * on; a recorder's batch waits the few milliseconds of one day): what it sums is then exactly
 * what it deletes, and a second instance's roll-up waits and finds the day done. SQLite runs
 * write transactions one at a time anyway.
 */
export async function rollUpVisitDay(db: Db, day: string): Promise<boolean> {
  const postgres = getDialectName(db) === "postgres";
  return db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`lock table visit_page_views, visit_entries, visit_conversions
        in share row exclusive mode`.execute(trx);
    }
    return moveDayToRollups(trx, day);
  });
}

/** The first day after `after`, up to `last`, that still has raw rows. */
async function findRawDay(db: Db, after: string, last: string): Promise<string | undefined> {
  const days = await Promise.all(
    (["visit_page_views", "visit_entries", "visit_conversions"] as const).map((table) =>
      db
        .selectFrom(table)
        .select("day")
        .where("day", ">", after)
        .where("day", "<=", last)
        .orderBy("day")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return days
    .map((row) => row?.day)
    .filter((day): day is string => day !== undefined)
    .sort()[0];
}

/** A run that rolled up this many days (a backlog) refreshes PostgreSQL's statistics after. */
const analyzeAfterDays = 30;

/** The pause between two days of a backlog: other processes get their turn at the write lock. */
const pauseBetweenDaysMs = 10;

/**
 * Rolls up every day up to two days before today (yesterday may still get another instance's
 * late batch), oldest first, a day per step with a pause between steps, so a backlog of hundreds
 * of days never holds the event loop or the database. Returns the days rolled up here; a
 * database busy or away ends the run early (the next run goes on where this one stopped).
 */
export async function rollUpFinishedDays(
  db: Db,
  today: string,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const last = addDays(today, -2);
  let rolled = 0;
  let after = "";
  try {
    while (!shouldStop()) {
      const day = await findRawDay(db, after, last);
      if (!day) break;
      if (await rollUpVisitDay(db, day)) rolled += 1;
      after = day;
      await new Promise((resolve) => setTimeout(resolve, pauseBetweenDaysMs));
    }
    if (rolled >= analyzeAfterDays && getDialectName(db) === "postgres") {
      // Until autovacuum comes by, the planner takes the rollups for empty and reads wade through
      // the raw tables' deleted rows (a year's report took 1.5-2.5 s, not 0.8). Only a speed-up:
      // a refusal (a timeout, a role that may not vacuum) leaves it to autovacuum.
      await sql`vacuum (analyze) visit_page_views, visit_entries, visit_conversions,
        visit_rolled_days, visit_day_pages, visit_day_visits, visit_day_conversions`
        .execute(db)
        .catch(() => {});
    }
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
  return rolled;
}
