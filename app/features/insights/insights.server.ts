// The Insights figures of a period and of the one before it, from the visit tables: visitors,
// page views and conversions per day, and every table the screen and its CSV export show. A
// source's aliases (linkedin, linkedin.com, lnkd.in) are one row; conversions are split by kind.
import { listPageTitles } from "~/features/publishing/store/reads.server";
import { formatCsv } from "~/platform/csv";
import type { Db } from "~/platform/db/tables.server";
import {
  type ConversionKind,
  conversionKinds,
  readSourceName,
} from "~/platform/visits/visit-attribution";
import { addDays, listDays } from "~/platform/visits/visit-days";
import {
  conversionKindLabels,
  type InsightsPeriod,
  type InsightsTableName,
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

type Range = { from: string; to: string };

const num = (value: unknown) => Number(value ?? 0);
const tableLimit = 25;

const noConversions = (): ConversionCounts => ({ contact: 0, newsletter: 0, booking: 0 });
const sumConversions = (counts: ConversionCounts) =>
  conversionKinds.reduce((sum, kind) => sum + counts[kind], 0);
const isConversionKind = (kind: string): kind is ConversionKind =>
  (conversionKinds as readonly string[]).includes(kind);

async function readTotals(db: Db, { from, to }: Range) {
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
      .select(["kind", (eb) => eb.fn.sum("conversions").as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("kind")
      .execute(),
  ]);
  const byKind = noConversions();
  for (const row of conversions) if (isConversionKind(row.kind)) byKind[row.kind] += num(row.count);
  const totals: Totals = {
    visitors: num(visits?.count),
    views: num(views?.count),
    conversions: sumConversions(byKind),
  };
  return { totals, byKind };
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

type Count = { key: string; visits: number };

/** Counts whose keys share a name (a source's aliases) added up, most first. */
function mergeByName(counts: Count[], name: (key: string) => string): Count[] {
  const merged = new Map<string, number>();
  for (const count of counts) {
    const key = name(count.key);
    merged.set(key, (merged.get(key) ?? 0) + count.visits);
  }
  return [...merged]
    .map(([key, visits]) => ({ key, visits }))
    .sort((a, b) => b.visits - a.visits || a.key.localeCompare(b.key));
}

/** A source as Insights lists it: "" stays direct, any alias of a known one is its name. */
const toSourceKey = (source: string) => (source ? readSourceName(source) : "");

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
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const label = row.utm_campaign || "(no campaign name)";
    const detail = [toSourceKey(row.source), row.utm_medium].filter(Boolean).join(" / ");
    const key = `${label}\n${detail}`;
    const seen = merged.get(key);
    if (seen) seen.value += num(row.visits);
    else merged.set(key, { label, detail, value: num(row.visits) });
  }
  return [...merged.values()].sort((a, b) => b.value - a.value);
}

/** Conversions by kind per landing page or source (keyed as key names it). */
async function countConversionsBy(
  db: Db,
  column: "entry_path" | "source",
  { from, to }: Range,
  key: (value: string) => string = (value) => value,
) {
  const rows = await db
    .selectFrom("visit_conversions")
    .select([column, "kind", (eb) => eb.fn.sum("conversions").as("conversions")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy([column, "kind"])
    .execute();
  const counts = new Map<string, ConversionCounts>();
  for (const row of rows) {
    if (!isConversionKind(row.kind)) continue;
    const name = key(String(row[column]));
    const kinds = counts.get(name) ?? noConversions();
    kinds[row.kind] += num(row.conversions);
    counts.set(name, kinds);
  }
  return counts;
}

function toRows(counts: Count[], name: (key: string) => string): Row[] {
  return counts
    .slice(0, tableLimit)
    .map((count) => ({ label: name(count.key), value: count.visits }));
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

/** Visits and conversions (all, and by kind) per landing page or source, best rate first. */
function toRateRows(
  visits: Count[],
  conversions: Map<string, ConversionCounts>,
  name: (key: string) => string,
): Row[] {
  return visits
    .map((count) => {
      const kinds = conversions.get(count.key) ?? noConversions();
      const converted = sumConversions(kinds);
      const split = converted > 0 ? `: ${describeKinds(kinds)}` : "";
      return {
        label: name(count.key),
        detail: `${converted} of ${count.visits} visits${split}`,
        value: converted,
        figures: [count.visits, ...conversionKinds.map((kind) => kinds[kind])],
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
  const [counted, counterpart, days, pages, titles] = await Promise.all([
    readTotals(db, current),
    readTotals(db, previous),
    readDays(db, current),
    readPages(db, current),
    listPageTitles(db),
  ]);
  const [entries, referrers, sources, devices, browsers, campaigns, byLanding, bySource] =
    await Promise.all([
      countVisitsBy(db, "entry_path", current),
      countVisitsBy(db, "referrer_host", current).then((counts) =>
        mergeByName(counts, toSourceKey),
      ),
      countVisitsBy(db, "source", current).then((counts) => mergeByName(counts, toSourceKey)),
      countVisitsBy(db, "device", current),
      countVisitsBy(db, "browser", current),
      readCampaigns(db, current),
      countConversionsBy(db, "entry_path", current),
      countConversionsBy(db, "source", current, toSourceKey),
    ]);
  const pageRow = (page: { path: string; views: number; visitors: number }, title?: string) =>
    title
      ? { label: title, detail: page.path, value: page.views }
      : {
          label: page.path,
          detail: `${page.visitors} ${page.visitors === 1 ? "visitor" : "visitors"}`,
          value: page.views,
          figures: [page.visitors],
        };
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
    totals: counted.totals,
    previous: counterpart.totals,
    conversions: { current: counted.byKind, previous: counterpart.byKind },
    days,
    tables: {
      pages: {
        title: "Top pages",
        columns: ["Page", "Views"],
        figureColumns: ["Visitors"],
        rows: pages.slice(0, tableLimit).map((page) => pageRow(page)),
      },
      articles: {
        title: "Top articles",
        columns: ["Article", "Views"],
        detailColumn: "Address",
        rows: titled("article"),
      },
      "case-studies": {
        title: "Top case studies",
        columns: ["Case study", "Views"],
        detailColumn: "Address",
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
        columns: ["Campaign", "Visits"],
        detailColumn: "Source / medium",
        rows: campaigns.slice(0, tableLimit),
      },
      devices: { title: "Devices", columns: ["Device", "Visits"], rows: toRows(devices, namePage) },
      browsers: {
        title: "Browsers",
        columns: ["Browser", "Visits"],
        rows: toRows(browsers, namePage),
      },
      conversions: {
        title: "Conversions by kind",
        columns: ["Kind", "Conversions"],
        figureColumns: ["Period before"],
        rows: conversionKinds.map((kind) => ({
          label: conversionKindLabels[kind],
          detail: `${counterpart.byKind[kind]} the period before`,
          value: counted.byKind[kind],
          figures: [counterpart.byKind[kind]],
        })),
      },
      "landing-conversions": {
        title: "Conversion rate by landing page",
        columns: ["Landing page", "Conversions"],
        figureColumns: rateFigureColumns,
        rows: toRateRows(entries, byLanding, namePage),
      },
      "source-conversions": {
        title: "Conversion rate by source",
        columns: ["Source", "Conversions"],
        figureColumns: rateFigureColumns,
        rows: toRateRows(sources, bySource, nameSource),
      },
    },
  };
}

/**
 * One table of a report as CSV: every figure a number in a column of its own (the unit is in its
 * heading), the rate as a percentage number.
 */
export function formatInsightsCsv(table: InsightsTable): string {
  const rated = table.rows.some((row) => row.share !== undefined);
  const header = [
    ...table.columns,
    ...(table.detailColumn ? [table.detailColumn] : []),
    ...(table.figureColumns ?? []),
    ...(rated ? ["Rate (%)"] : []),
  ];
  return formatCsv([
    header,
    ...table.rows.map((row) => [
      row.label,
      String(row.value),
      ...(table.detailColumn ? [row.detail ?? ""] : []),
      ...(table.figureColumns ?? []).map((_, index) => String(row.figures?.[index] ?? 0)),
      ...(rated ? [((row.share ?? 0) * 100).toFixed(1)] : []),
    ]),
  ]);
}
