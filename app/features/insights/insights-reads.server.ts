// Insights' reads in SQL: each figure summed over the rolled-up days and the raw rows of days not
// rolled up yet (UNION ALL), grouped, ranked and cut to a page by the database, so no read brings
// more than a page of rows into JavaScript.
import { type RawBuilder, sql } from "kysely";
import { readOffLoop } from "~/platform/db/off-loop-reads.server";
import type { Db } from "~/platform/db/tables.server";
import { listDays } from "~/platform/visits/visit-days";
import { type ConversionKind, conversionKinds } from "./insights-schema";
import {
  type DayRange,
  type SourceAliases,
  selectRawConversions,
  selectRawVisits,
  type VisitDimension,
} from "./visit-rollups.server";

export type ConversionCounts = Record<ConversionKind, number>;
export type Page = { limit: number; offset: number };
/** A ranked read: the page given, or every row (ranked) without one. */
export type RankedQuery<R> = (page?: Page) => RawBuilder<R>;

export const toNumber = (value: unknown) => Number(value ?? 0);
export const noConversions = (): ConversionCounts => ({ contact: 0, newsletter: 0, booking: 0 });
const isConversionKind = (kind: string): kind is ConversionKind =>
  (conversionKinds as readonly string[]).includes(kind);

export const pageSql = (page?: Page) =>
  page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;

/** The period's conversions, rolled up and raw, as (kind, entry_path, source, conversions). */
function selectConversions(range: DayRange, aliases: SourceAliases) {
  return sql`select kind, entry_path, source, conversions from visit_day_conversions
      where day >= ${range.from} and day <= ${range.to}
    union all select * from (${selectRawConversions(range, aliases)}) raw`;
}

/** Visits (visitor-days), page views and conversions by kind of a period. */
export async function readTotals(db: Db, range: DayRange, aliases: SourceAliases) {
  const { from, to } = range;
  const [counts] = await readOffLoop(
    db,
    sql<{ visits: unknown; views: unknown }>`select
      (select coalesce(sum(visits), 0) from visit_rolled_days where day >= ${from} and day <= ${to})
        + (select count(*) from visit_entries where day >= ${from} and day <= ${to}) as visits,
      (select coalesce(sum(views), 0) from visit_rolled_days where day >= ${from} and day <= ${to})
        + (select coalesce(sum(views), 0) from visit_page_views where day >= ${from} and day <= ${to})
        as views`,
  );
  const conversions = await readOffLoop(
    db,
    sql<{ kind: string; count: unknown }>`select kind, sum(conversions) as count
      from (${selectConversions(range, aliases)}) counted group by kind`,
  );
  const byKind = noConversions();
  for (const row of conversions)
    if (isConversionKind(row.kind)) byKind[row.kind] += toNumber(row.count);
  return { visits: toNumber(counts?.visits), views: toNumber(counts?.views), byKind };
}

/** Visitors and page views of each day of a period, days without any included. */
export async function readDays(db: Db, { from, to }: DayRange) {
  const rows = await readOffLoop(
    db,
    sql<{ day: string; visits: unknown; views: unknown }>`
    select day, sum(visits) as visits, sum(views) as views from (
      select day, visits, views from visit_rolled_days where day >= ${from} and day <= ${to}
      union all select day, count(*), 0 from visit_entries where day >= ${from} and day <= ${to}
        group by day
      union all select day, 0, sum(views) from visit_page_views where day >= ${from} and day <= ${to}
        group by day
    ) counted group by day`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return listDays(from, to).map((day) => ({
    day,
    visitors: toNumber(byDay.get(day)?.visits),
    views: toNumber(byDay.get(day)?.views),
  }));
}

export type PageRow = { path: string; views: unknown; visitors: unknown };

/** Page views and visitors by path, most viewed first; of these paths only, where given. */
export function selectPages(range: DayRange, only?: string[]): RankedQuery<PageRow> {
  const { from, to } = range;
  // No path at all: a filter that keeps nothing (an empty IN list is not SQL).
  const filter = only
    ? sql`where ${only.length > 0 ? sql`path in (${sql.join(only)})` : sql`1 = 0`}`
    : sql``;
  return (page) => sql<PageRow>`select * from (
      select path, sum(views) as views, sum(visitors) as visitors from (
        select path, views, visitors from visit_day_pages where day >= ${from} and day <= ${to}
        union all select path, sum(views), count(*) from visit_page_views
          where day >= ${from} and day <= ${to} group by path
      ) counted ${filter} group by path
    ) ranked order by views desc, path ${pageSql(page)}`;
}

/** Visits of the period, rolled up and raw, by a dimension's value: (value, detail, visits). */
function selectVisitsBy(dimension: VisitDimension, range: DayRange, aliases: SourceAliases) {
  return sql`select value, detail, sum(visits) as visits from (
      select value, detail, visits from visit_day_visits
        where dimension = ${dimension} and day >= ${range.from} and day <= ${range.to}
      union all select * from (${selectRawVisits(dimension, range, aliases)}) raw
    ) counted group by value, detail`;
}

export type VisitRow = { value: string; detail: string; visits: unknown };

/** Visits by a dimension's value, most first. */
export function selectVisits(
  dimension: VisitDimension,
  range: DayRange,
  aliases: SourceAliases,
): RankedQuery<VisitRow> {
  return (page) => sql<VisitRow>`select * from (${selectVisitsBy(dimension, range, aliases)}) ranked
    order by visits desc, value, detail ${pageSql(page)}`;
}

export type RateRow = {
  value: string;
  visits: unknown;
  contact: unknown;
  newsletter: unknown;
  booking: unknown;
};

/**
 * Visits and conversions by kind per landing page or source, best conversion rate first, then
 * most conversions, then most visits.
 */
export function selectRates(
  dimension: "entry" | "source",
  range: DayRange,
  aliases: SourceAliases,
): RankedQuery<RateRow> {
  const column = sql.ref(dimension === "entry" ? "entry_path" : "source");
  const sumOf = (kind: ConversionKind) =>
    sql`sum(case when kind = ${kind} then conversions else 0 end)`;
  return (page) => sql<RateRow>`select * from (
      select v.value as value, v.visits as visits, coalesce(c.contact, 0) as contact,
        coalesce(c.newsletter, 0) as newsletter, coalesce(c.booking, 0) as booking,
        coalesce(c.total, 0) as converted, coalesce(c.total, 0) * 1.0 / v.visits as share
      from (${selectVisitsBy(dimension, range, aliases)}) v
      left join (
        select ${column} as value, ${sumOf("contact")} as contact,
          ${sumOf("newsletter")} as newsletter, ${sumOf("booking")} as booking,
          sum(conversions) as total
        from (${selectConversions(range, aliases)}) counted
        where kind in (${sql.join([...conversionKinds])})
        group by ${column}
      ) c on c.value = v.value
    ) rated order by share desc, converted desc, visits desc, value ${pageSql(page)}`;
}
