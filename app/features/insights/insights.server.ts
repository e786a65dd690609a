// The Insights figures of a period and of the one before it, from the daily rollups and the raw
// rows of days not rolled up yet: every table ranked in SQL, its top rows for the screen, all of
// them a page at a time for the CSV. A source's aliases are one row; conversions split by kind.

import { sql } from "kysely";
import { listPageTitles } from "~/features/publishing/store/reads.server";
import { formatCsv } from "~/platform/csv";
import type { Db } from "~/platform/db/tables.server";
import { type ConversionKind, conversionKinds } from "~/platform/visits/visit-attribution";
import { addDays, listDays } from "~/platform/visits/visit-days";
import {
  type DayRange,
  readRawSourceAliases,
  type SourceAliases,
  selectRawConversions,
  selectRawVisits,
  type VisitDimension,
} from "~/platform/visits/visit-rollups.server";
import {
  conversionKindLabels,
  type InsightsPeriod,
  type InsightsTableName,
  insightsTableNames,
  periodDays,
} from "./insights-schema";

export type DayFigures = { day: string; visitors: number; views: number };
export type Totals = { visitors: number; views: number; conversions: number };
export type ConversionCounts = Record<ConversionKind, number>;
export type Row = {
  label: string;
  /** The line under the label on screen. */
  detail?: string;
  value: number;
  /** Further figures, one per figureColumns entry: columns of their own in the CSV. */
  figures?: number[];
  /** Conversions per visit, for the rate tables. */
  share?: number;
};
export type InsightsTable = {
  title: string;
  /** The label's and the main figure's headings. */
  columns: [string, string];
  /** The CSV's heading for each row's detail where it is text of its own (an address). */
  detailColumn?: string;
  /** The CSV's headings of each row's further figures. */
  figureColumns?: string[];
  rows: Row[];
};

export type InsightsReport = {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  totals: Totals;
  previous: Totals;
  /** The period's conversions by kind, and the period before's. */
  conversions: { current: ConversionCounts; previous: ConversionCounts };
  days: DayFigures[];
  tables: Record<InsightsTableName, InsightsTable>;
};

type Range = DayRange;

const num = (value: unknown) => Number(value ?? 0);
const tableLimit = 25;
/** Rows per page of a streamed export: each page is one short read and one turn of the loop. */
const exportPageSize = 500;

const noConversions = (): ConversionCounts => ({ contact: 0, newsletter: 0, booking: 0 });
const sumConversions = (counts: ConversionCounts) =>
  conversionKinds.reduce((sum, kind) => sum + counts[kind], 0);
const isConversionKind = (kind: string): kind is ConversionKind =>
  (conversionKinds as readonly string[]).includes(kind);

/** A turn of the event loop, between reads, so a report's reads never hold it all at once. */
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The period's conversions, rolled up and raw, as (kind, entry_path, source, conversions). */
function selectConversions({ from, to }: Range, aliases: SourceAliases) {
  return sql`select kind, entry_path, source, conversions from visit_day_conversions
      where day >= ${from} and day <= ${to}
    union all select * from (${selectRawConversions({ from, to }, aliases)}) raw`;
}

async function readTotals(db: Db, range: Range, aliases: SourceAliases) {
  const { from, to } = range;
  const counts = await sql<{ visits: unknown; views: unknown }>`select
      (select coalesce(sum(visits), 0) from visit_rolled_days where day >= ${from} and day <= ${to})
        + (select count(*) from visit_entries where day >= ${from} and day <= ${to}) as visits,
      (select coalesce(sum(views), 0) from visit_rolled_days where day >= ${from} and day <= ${to})
        + (select coalesce(sum(views), 0) from visit_page_views where day >= ${from} and day <= ${to})
        as views`.execute(db);
  const conversions = await sql<{ kind: string; count: unknown }>`
    select kind, sum(conversions) as count from (${selectConversions(range, aliases)}) counted
    group by kind`.execute(db);
  const byKind = noConversions();
  for (const row of conversions.rows)
    if (isConversionKind(row.kind)) byKind[row.kind] += num(row.count);
  const totals: Totals = {
    visitors: num(counts.rows[0]?.visits),
    views: num(counts.rows[0]?.views),
    conversions: sumConversions(byKind),
  };
  return { totals, byKind };
}

async function readDays(db: Db, { from, to }: Range): Promise<DayFigures[]> {
  const { rows } = await sql<{ day: string; visits: unknown; views: unknown }>`
    select day, sum(visits) as visits, sum(views) as views from (
      select day, visits, views from visit_rolled_days where day >= ${from} and day <= ${to}
      union all select day, count(*), 0 from visit_entries where day >= ${from} and day <= ${to}
        group by day
      union all select day, 0, sum(views) from visit_page_views where day >= ${from} and day <= ${to}
        group by day
    ) counted group by day`.execute(db);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return listDays(from, to).map((day) => ({
    day,
    visitors: num(byDay.get(day)?.visits),
    views: num(byDay.get(day)?.views),
  }));
}

type Page = { limit: number; offset: number };
type PageCount = { path: string; views: number; visitors: number };

/** Page views and visitors by path, most viewed first, of these paths only where given. */
async function readPages(
  db: Db,
  { from, to }: Range,
  { limit, offset }: Page,
  only?: string[],
): Promise<PageCount[]> {
  if (only?.length === 0) return [];
  const filter = only ? sql`where path in (${sql.join(only)})` : sql``;
  const { rows } = await sql<{ path: string; views: unknown; visitors: unknown }>`
    select * from (
      select path, sum(views) as views, sum(visitors) as visitors from (
        select path, views, visitors from visit_day_pages where day >= ${from} and day <= ${to}
        union all select path, sum(views), count(*) from visit_page_views
          where day >= ${from} and day <= ${to} group by path
      ) counted ${filter} group by path
    ) ranked order by views desc, path limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => ({
    path: row.path,
    views: num(row.views),
    visitors: num(row.visitors),
  }));
}

/** Visits of the period, rolled up and raw, by a dimension's value: (value, detail, visits). */
function selectVisitsBy(dimension: VisitDimension, { from, to }: Range, aliases: SourceAliases) {
  return sql`select value, detail, sum(visits) as visits from (
      select value, detail, visits from visit_day_visits
        where dimension = ${dimension} and day >= ${from} and day <= ${to}
      union all select * from (${selectRawVisits(dimension, { from, to }, aliases)}) raw
    ) counted group by value, detail`;
}

type Count = { key: string; detail: string; visits: number };

/** Visits by a dimension's value, most first. */
async function countVisitsBy(
  db: Db,
  dimension: VisitDimension,
  range: Range,
  aliases: SourceAliases,
  { limit, offset }: Page,
): Promise<Count[]> {
  const { rows } = await sql<{ value: string; detail: string; visits: unknown }>`
    select * from (${selectVisitsBy(dimension, range, aliases)}) ranked
    order by visits desc, value, detail limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => ({ key: row.value, detail: row.detail, visits: num(row.visits) }));
}

type RateCount = { key: string; visits: number; kinds: ConversionCounts };

/**
 * Visits and conversions by kind per landing page or source, best conversion rate first, then
 * most conversions, then most visits.
 */
async function readRates(
  db: Db,
  dimension: "entry" | "source",
  range: Range,
  aliases: SourceAliases,
  { limit, offset }: Page,
): Promise<RateCount[]> {
  const column = sql.ref(dimension === "entry" ? "entry_path" : "source");
  const { rows } = await sql<Record<string, unknown>>`
    select * from (
      select v.value as value, v.visits as visits, coalesce(c.contact, 0) as contact,
        coalesce(c.newsletter, 0) as newsletter, coalesce(c.booking, 0) as booking,
        coalesce(c.total, 0) as converted, coalesce(c.total, 0) * 1.0 / v.visits as share
      from (${selectVisitsBy(dimension, range, aliases)}) v
      left join (
        select ${column} as value,
          sum(case when kind = 'contact' then conversions else 0 end) as contact,
          sum(case when kind = 'newsletter' then conversions else 0 end) as newsletter,
          sum(case when kind = 'booking' then conversions else 0 end) as booking,
          sum(conversions) as total
        from (${selectConversions(range, aliases)}) counted
        where kind in (${sql.join([...conversionKinds])})
        group by ${column}
      ) c on c.value = v.value
    ) rated order by share desc, converted desc, visits desc, value
    limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => ({
    key: String(row.value),
    visits: num(row.visits),
    kinds: {
      contact: num(row.contact),
      newsletter: num(row.newsletter),
      booking: num(row.booking),
    },
  }));
}

/** "1 contact message, 2 booking clicks": the kinds counted, in words. */
function describeKinds(counts: ConversionCounts): string {
  return conversionKinds
    .filter((kind) => counts[kind] > 0)
    .map((kind) => {
      const name = conversionKindLabels[kind].toLowerCase();
      return `${counts[kind]} ${counts[kind] === 1 ? name.replace(/s$/, "") : name}`;
    })
    .join(", ");
}

const rateFigureColumns = ["Visits", ...conversionKinds.map((kind) => conversionKindLabels[kind])];

/** A landing page's or source's visits and conversions (all, and by kind), with the rate. */
function toRateRow({ key, visits, kinds }: RateCount, name: (key: string) => string): Row {
  const converted = sumConversions(kinds);
  const split = converted > 0 ? `: ${describeKinds(kinds)}` : "";
  return {
    label: name(key),
    detail: `${converted} of ${visits} visits${split}`,
    value: converted,
    figures: [visits, ...conversionKinds.map((kind) => kinds[kind])],
    share: visits > 0 ? converted / visits : 0,
  };
}

const nameSource = (key: string) => key || "Direct / none";
const namePage = (key: string) => key || "(unknown)";

const toPageRow = (page: PageCount): Row => ({
  label: page.path,
  detail: `${page.visitors} ${page.visitors === 1 ? "visitor" : "visitors"}`,
  value: page.views,
  figures: [page.visitors],
});

/** The period ending today (site time zone) and the one of the same length before it. */
export function getPeriodRanges(period: InsightsPeriod, today: string) {
  const length = periodDays[period];
  const from = addDays(today, 1 - length);
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -length), to: addDays(from, -1) },
  };
}

/** What a report's tables read: the two periods, the raw rows' source aliases, page titles. */
type ReportReads = {
  db: Db;
  current: Range;
  previous: Range;
  aliases: SourceAliases;
  titles: Map<string, { kind: string; title: string }>;
  conversions: { current: ConversionCounts; previous: ConversionCounts };
};

/** A table's headings, and a reader of its rows a page at a time (ranked in SQL). */
type TableSource = Omit<InsightsTable, "rows"> & {
  rated?: boolean;
  readRows: (page: Page) => Promise<Row[]>;
};

function describeTables(reads: ReportReads): Record<InsightsTableName, TableSource> {
  const { db, current, aliases, titles, conversions } = reads;
  const visitsTable = (
    title: string,
    columns: [string, string],
    dimension: VisitDimension,
    name: (key: string) => string,
  ): TableSource => ({
    title,
    columns,
    readRows: async (page) =>
      (await countVisitsBy(db, dimension, current, aliases, page)).map((count) => ({
        label: name(count.key),
        value: count.visits,
      })),
  });
  const titledTable = (title: string, label: string, kind: string): TableSource => {
    const paths = [...titles].filter(([, page]) => page.kind === kind).map(([path]) => path);
    return {
      title,
      columns: [label, "Views"],
      detailColumn: "Address",
      readRows: async (page) =>
        (await readPages(db, current, page, paths)).map((counted) => ({
          label: titles.get(counted.path)?.title ?? counted.path,
          detail: counted.path,
          value: counted.views,
        })),
    };
  };
  const rateTable = (
    title: string,
    label: string,
    dimension: "entry" | "source",
    name: (key: string) => string,
  ): TableSource => ({
    title,
    columns: [label, "Conversions"],
    figureColumns: rateFigureColumns,
    rated: true,
    readRows: async (page) =>
      (await readRates(db, dimension, current, aliases, page)).map((count) =>
        toRateRow(count, name),
      ),
  });
  return {
    pages: {
      title: "Top pages",
      columns: ["Page", "Views"],
      figureColumns: ["Visitors"],
      readRows: async (page) => (await readPages(db, current, page)).map(toPageRow),
    },
    articles: titledTable("Top articles", "Article", "article"),
    "case-studies": titledTable("Top case studies", "Case study", "case study"),
    entries: visitsTable("Entry pages", ["Page", "Visits"], "entry", namePage),
    referrers: visitsTable("Referrers", ["Site", "Visits"], "referrer", nameSource),
    campaigns: {
      title: "Campaigns",
      columns: ["Campaign", "Visits"],
      detailColumn: "Source / medium",
      readRows: async (page) =>
        (await countVisitsBy(db, "campaign", current, aliases, page)).map((count) => ({
          label: count.key,
          detail: count.detail,
          value: count.visits,
        })),
    },
    devices: visitsTable("Devices", ["Device", "Visits"], "device", namePage),
    browsers: visitsTable("Browsers", ["Browser", "Visits"], "browser", namePage),
    conversions: {
      title: "Conversions by kind",
      columns: ["Kind", "Conversions"],
      figureColumns: ["Period before"],
      readRows: async ({ offset }) =>
        offset > 0
          ? []
          : conversionKinds.map((kind) => ({
              label: conversionKindLabels[kind],
              detail: `${conversions.previous[kind]} the period before`,
              value: conversions.current[kind],
              figures: [conversions.previous[kind]],
            })),
    },
    "landing-conversions": rateTable(
      "Conversion rate by landing page",
      "Landing page",
      "entry",
      namePage,
    ),
    "source-conversions": rateTable("Conversion rate by source", "Source", "source", nameSource),
  };
}

/** The reads every table shares: the raw rows' aliases, the titles, conversions of both periods. */
async function prepareReads(db: Db, period: InsightsPeriod, today: string) {
  const { current, previous } = getPeriodRanges(period, today);
  const aliases = await readRawSourceAliases(db, {
    from: previous.from,
    to: current.to,
  });
  await yieldTurn();
  const counted = await readTotals(db, current, aliases);
  await yieldTurn();
  const counterpart = await readTotals(db, previous, aliases);
  await yieldTurn();
  const titles = await listPageTitles(db);
  const reads: ReportReads = {
    db,
    current,
    previous,
    aliases,
    titles,
    conversions: { current: counted.byKind, previous: counterpart.byKind },
  };
  return { reads, counted, counterpart };
}

export async function readInsights(
  db: Db,
  period: InsightsPeriod,
  today: string,
): Promise<InsightsReport> {
  const { reads, counted, counterpart } = await prepareReads(db, period, today);
  const { current, previous } = reads;
  await yieldTurn();
  const days = await readDays(db, current);
  const sources = describeTables(reads);
  const tables = {} as Record<InsightsTableName, InsightsTable>;
  // One table at a time, a turn of the loop between: each is one ranked read of 25 rows.
  for (const name of insightsTableNames) {
    await yieldTurn();
    const { readRows, rated: _rated, ...headings } = sources[name];
    tables[name] = { ...headings, rows: await readRows({ limit: tableLimit, offset: 0 }) };
  }
  return {
    from: current.from,
    to: current.to,
    previousFrom: previous.from,
    previousTo: previous.to,
    totals: counted.totals,
    previous: counterpart.totals,
    conversions: reads.conversions,
    days,
    tables,
  };
}

/** A table's CSV heading: the label and figure, then the detail, further figures and the rate. */
function formatCsvHeading(table: Omit<InsightsTable, "rows">, rated: boolean): string[] {
  return [
    ...table.columns,
    ...(table.detailColumn ? [table.detailColumn] : []),
    ...(table.figureColumns ?? []),
    ...(rated ? ["Rate (%)"] : []),
  ];
}

function formatCsvRow(table: Omit<InsightsTable, "rows">, rated: boolean, row: Row): string[] {
  return [
    row.label,
    String(row.value),
    ...(table.detailColumn ? [row.detail ?? ""] : []),
    ...(table.figureColumns ?? []).map((_, index) => String(row.figures?.[index] ?? 0)),
    ...(rated ? [((row.share ?? 0) * 100).toFixed(1)] : []),
  ];
}

/**
 * One table of a report as CSV: every figure a number in a column of its own (the unit is in its
 * heading), the rate as a percentage number.
 */
export function formatInsightsCsv(table: InsightsTable): string {
  const rated = table.rows.some((row) => row.share !== undefined);
  return formatCsv([
    formatCsvHeading(table, rated),
    ...table.rows.map((row) => formatCsvRow(table, rated, row)),
  ]);
}

/**
 * Every row of one table of a period as CSV, streamed: a page of rows per read, a turn of the
 * event loop between pages, read only as fast as the client takes them. The first page is read
 * before this returns, so a database that cannot answer fails the request, not the download.
 */
export async function streamInsightsCsv(
  db: Db,
  name: InsightsTableName,
  period: InsightsPeriod,
  today: string,
): Promise<{ from: string; to: string; body: ReadableStream<Uint8Array> }> {
  const { reads } = await prepareReads(db, period, today);
  const { readRows, ...table } = describeTables(reads)[name];
  const rated = table.rated ?? false;
  const encoder = new TextEncoder();
  let offset = 0;
  let rows: Row[] | undefined = await readRows({ limit: exportPageSize, offset });
  let lines: string[][] = [formatCsvHeading(table, rated)];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!rows) {
        await yieldTurn();
        rows = await readRows({ limit: exportPageSize, offset });
      }
      lines.push(...rows.map((row) => formatCsvRow(table, rated, row)));
      controller.enqueue(encoder.encode(formatCsv(lines)));
      const full = rows.length === exportPageSize;
      offset += rows.length;
      rows = undefined;
      lines = [];
      if (!full) controller.close();
    },
  });
  return { from: reads.current.from, to: reads.current.to, body };
}
