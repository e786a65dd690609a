// The Insights figures of a period and of the one before it, from the visit tables: visitors,
// page views and conversions per day, and every table the screen and its CSV export show.
import { listPageTitles } from "~/features/publishing/store/reads.server";
import { formatCsv } from "~/platform/csv";
import type { Db } from "~/platform/db/tables.server";
import { addDays, listDays } from "~/platform/visits/visit-days";
import { type InsightsPeriod, type InsightsTableName, periodDays } from "./insights-schema";

export type DayFigures = { day: string; visitors: number; views: number };
export type Totals = { visitors: number; views: number; conversions: number };
export type Row = { label: string; detail?: string; value: number; share?: number };
export type InsightsTable = { title: string; columns: [string, string, string?]; rows: Row[] };

export type InsightsReport = {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  totals: Totals;
  previous: Totals;
  days: DayFigures[];
  tables: Record<InsightsTableName, InsightsTable>;
};

type Range = { from: string; to: string };

const num = (value: unknown) => Number(value ?? 0);
const tableLimit = 25;

async function readTotals(db: Db, { from, to }: Range): Promise<Totals> {
  const [visits, views, conversions] = await Promise.all([
    db
      .selectFrom("visit_entries")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("day", ">=", from)
      .where("day", "<=", to)
      .executeTakeFirst(),
    db
      .selectFrom("visit_page_views")
      .select((eb) => eb.fn.sum("views").as("count"))
      .where("day", ">=", from)
      .where("day", "<=", to)
      .executeTakeFirst(),
    db
      .selectFrom("visit_conversions")
      .select((eb) => eb.fn.sum("conversions").as("count"))
      .where("day", ">=", from)
      .where("day", "<=", to)
      .executeTakeFirst(),
  ]);
  return {
    visitors: num(visits?.count),
    views: num(views?.count),
    conversions: num(conversions?.count),
  };
}

async function readDays(db: Db, { from, to }: Range): Promise<DayFigures[]> {
  const [visits, views] = await Promise.all([
    db
      .selectFrom("visit_entries")
      .select(["day", (eb) => eb.fn.countAll().as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("day")
      .execute(),
    db
      .selectFrom("visit_page_views")
      .select(["day", (eb) => eb.fn.sum("views").as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("day")
      .execute(),
  ]);
  const visitorsOf = new Map(visits.map((row) => [row.day, num(row.count)]));
  const viewsOf = new Map(views.map((row) => [row.day, num(row.count)]));
  return listDays(from, to).map((day) => ({
    day,
    visitors: visitorsOf.get(day) ?? 0,
    views: viewsOf.get(day) ?? 0,
  }));
}

async function readPages(db: Db, { from, to }: Range) {
  const rows = await db
    .selectFrom("visit_page_views")
    .select([
      "path",
      (eb) => eb.fn.sum("views").as("views"),
      (eb) => eb.fn.count("visitor").distinct().as("visitors"),
    ])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("path")
    .orderBy("views", "desc")
    .orderBy("path")
    .execute();
  return rows.map((row) => ({
    path: row.path,
    views: num(row.views),
    visitors: num(row.visitors),
  }));
}

type EntryColumn = "entry_path" | "referrer_host" | "source" | "device" | "browser";

async function countVisitsBy(db: Db, column: EntryColumn, { from, to }: Range) {
  const rows = await db
    .selectFrom("visit_entries")
    .select([column, (eb) => eb.fn.countAll().as("visits")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(column)
    .orderBy("visits", "desc")
    .orderBy(column)
    .execute();
  return rows.map((row) => ({ key: String(row[column]), visits: num(row.visits) }));
}

async function readCampaigns(db: Db, { from, to }: Range): Promise<Row[]> {
  const rows = await db
    .selectFrom("visit_entries")
    .select(["source", "utm_medium", "utm_campaign", (eb) => eb.fn.countAll().as("visits")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where((eb) => eb.or([eb("utm_campaign", "!=", ""), eb("utm_medium", "!=", "")]))
    .groupBy(["source", "utm_medium", "utm_campaign"])
    .orderBy("visits", "desc")
    .execute();
  return rows.map((row) => ({
    label: row.utm_campaign || "(no campaign name)",
    detail: [row.source, row.utm_medium].filter(Boolean).join(" / "),
    value: num(row.visits),
  }));
}

async function countConversionsBy(db: Db, column: "entry_path" | "source", { from, to }: Range) {
  const rows = await db
    .selectFrom("visit_conversions")
    .select([column, (eb) => eb.fn.sum("conversions").as("conversions")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [String(row[column]), num(row.conversions)]));
}

function toRows(counts: { key: string; visits: number }[], name: (key: string) => string): Row[] {
  return counts
    .slice(0, tableLimit)
    .map((count) => ({ label: name(count.key), value: count.visits }));
}

/** Visits and conversions per landing page or source, best rate first. */
function toRateRows(
  visits: { key: string; visits: number }[],
  conversions: Map<string, number>,
  name: (key: string) => string,
): Row[] {
  return visits
    .map((count) => {
      const converted = conversions.get(count.key) ?? 0;
      return {
        label: name(count.key),
        detail: `${converted} of ${count.visits} visits`,
        value: converted,
        share: count.visits > 0 ? converted / count.visits : 0,
      };
    })
    .sort((a, b) => (b.share ?? 0) - (a.share ?? 0) || b.value - a.value)
    .slice(0, tableLimit);
}

const nameSource = (key: string) => key || "Direct / none";
const namePage = (key: string) => key || "(unknown)";

/** The period ending today (site time zone) and the one of the same length before it. */
export function getPeriodRanges(period: InsightsPeriod, today: string) {
  const length = periodDays[period];
  const from = addDays(today, 1 - length);
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -length), to: addDays(from, -1) },
  };
}

export async function readInsights(
  db: Db,
  period: InsightsPeriod,
  today: string,
): Promise<InsightsReport> {
  const { current, previous } = getPeriodRanges(period, today);
  const [totals, previousTotals, days, pages, titles] = await Promise.all([
    readTotals(db, current),
    readTotals(db, previous),
    readDays(db, current),
    readPages(db, current),
    listPageTitles(db),
  ]);
  const [entries, referrers, sources, devices, browsers, campaigns, byLanding, bySource] =
    await Promise.all([
      countVisitsBy(db, "entry_path", current),
      countVisitsBy(db, "referrer_host", current),
      countVisitsBy(db, "source", current),
      countVisitsBy(db, "device", current),
      countVisitsBy(db, "browser", current),
      readCampaigns(db, current),
      countConversionsBy(db, "entry_path", current),
      countConversionsBy(db, "source", current),
    ]);
  const pageRow = (page: { path: string; views: number; visitors: number }, title?: string) => ({
    label: title ?? page.path,
    detail: title ? page.path : `${page.visitors} visitors`,
    value: page.views,
  });
  const titled = (kind: string) =>
    pages
      .filter((page) => titles.get(page.path)?.kind === kind)
      .slice(0, tableLimit)
      .map((page) => pageRow(page, titles.get(page.path)?.title));
  return {
    from: current.from,
    to: current.to,
    previousFrom: previous.from,
    previousTo: previous.to,
    totals,
    previous: previousTotals,
    days,
    tables: {
      pages: {
        title: "Top pages",
        columns: ["Page", "Views", "Visitors"],
        rows: pages.slice(0, tableLimit).map((page) => pageRow(page)),
      },
      articles: {
        title: "Top articles",
        columns: ["Article", "Views", "Address"],
        rows: titled("article"),
      },
      "case-studies": {
        title: "Top case studies",
        columns: ["Case study", "Views", "Address"],
        rows: titled("case study"),
      },
      entries: {
        title: "Entry pages",
        columns: ["Page", "Visits"],
        rows: toRows(entries, namePage),
      },
      referrers: {
        title: "Referrers",
        columns: ["Site", "Visits"],
        rows: toRows(referrers, nameSource),
      },
      campaigns: {
        title: "Campaigns",
        columns: ["Campaign", "Visits", "Source / medium"],
        rows: campaigns.slice(0, tableLimit),
      },
      devices: { title: "Devices", columns: ["Device", "Visits"], rows: toRows(devices, namePage) },
      browsers: {
        title: "Browsers",
        columns: ["Browser", "Visits"],
        rows: toRows(browsers, namePage),
      },
      "landing-conversions": {
        title: "Conversion rate by landing page",
        columns: ["Landing page", "Conversions", "Visits"],
        rows: toRateRows(entries, byLanding, namePage),
      },
      "source-conversions": {
        title: "Conversion rate by source",
        columns: ["Source", "Conversions", "Visits"],
        rows: toRateRows(sources, bySource, nameSource),
      },
    },
  };
}

/** One table of a report as CSV, its columns as on screen (a rate table adds the rate). */
export function formatInsightsCsv(table: InsightsTable): string {
  const rated = table.rows.some((row) => row.share !== undefined);
  const header = [
    table.columns[0],
    table.columns[1],
    ...(table.columns[2] ? [table.columns[2]] : []),
  ];
  return formatCsv([
    rated ? [...header, "Rate"] : header,
    ...table.rows.map((row) => [
      row.label,
      String(row.value),
      ...(table.columns[2] ? [row.detail ?? ""] : []),
      ...(rated ? [`${((row.share ?? 0) * 100).toFixed(1)}%`] : []),
    ]),
  ]);
}
