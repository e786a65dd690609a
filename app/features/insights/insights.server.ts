// The Insights figures of a period and of the one before it, from the daily rollups and the raw
// rows of days not rolled up yet: every table ranked in SQL, its top rows for the screen, all of
// them a page at a time for the CSV. A source's aliases are one row; conversions split by kind.
import { listPageTitles } from "~/features/publishing/store/reads.server";
import { formatCsv } from "~/platform/csv";
import { openReadCursor, readOffLoop } from "~/platform/db/off-loop-reads.server";
import type { Db } from "~/platform/db/tables.server";
import { addDays } from "~/platform/visits/visit-days";
import {
  type ConversionCounts,
  type PageRow,
  type RankedQuery,
  type RateRow,
  readDays,
  readTotals,
  selectPages,
  selectRates,
  selectVisits,
  toNumber,
  type VisitRow,
} from "./insights-reads.server";
import {
  conversionKindLabels,
  conversionKinds,
  type InsightsPeriod,
  type InsightsTableName,
  insightsTableNames,
  periodDays,
} from "./insights-schema";
import {
  type NewsletterLinkRow,
  type NewsletterRow,
  readChosenIssue,
  selectNewsletterLinks,
  selectNewsletters,
} from "./newsletter-reads.server";
import {
  type DayRange,
  type SourceAliases,
  selectRawSourceValues,
  toSourceAliases,
  type VisitDimension,
} from "./visit-rollups.server";

export type { ConversionCounts } from "./insights-reads.server";

export type DayFigures = { day: string; visitors: number; views: number };
export type Totals = { visitors: number; views: number; conversions: number };
export type Row = {
  label: string;
  /** The line under the label on screen. */
  detail?: string;
  value: number;
  /** Further figures, one per figureColumns entry: columns of their own in the CSV. */
  figures?: number[];
  /** Conversions per visit, for the rate tables. */
  share?: number;
  /** Where the label leads on screen (a newsletter's links). */
  href?: string;
};
export type InsightsTable = {
  title: string;
  /** The label's and the main figure's headings. */
  columns: [string, string];
  /** The CSV's heading for each row's detail where it is text of its own (an address). */
  detailColumn?: string;
  /** The CSV's headings of each row's further figures. */
  figureColumns?: string[];
  /** One line under the table on screen. */
  note?: string;
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

const tableLimit = 25;
const tablesAtOnce = 3;
/** Rows per page of a streamed export: a page is one read and one turn of the loop. */
const exportPageSize = 500;

const sumConversions = (counts: ConversionCounts) =>
  conversionKinds.reduce((sum, kind) => sum + counts[kind], 0);

/** A turn of the event loop between reads, so a report never holds it from start to end. */
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

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
function toRateRow(row: RateRow, name: (key: string) => string): Row {
  const visits = toNumber(row.visits);
  const kinds: ConversionCounts = {
    contact: toNumber(row.contact),
    newsletter: toNumber(row.newsletter),
    booking: toNumber(row.booking),
  };
  const converted = sumConversions(kinds);
  const split = converted > 0 ? `: ${describeKinds(kinds)}` : "";
  return {
    label: name(row.value),
    detail: `${converted} of ${visits} visits${split}`,
    value: converted,
    figures: [visits, ...conversionKinds.map((kind) => kinds[kind])],
    share: visits > 0 ? converted / visits : 0,
  };
}

const nameSource = (key: string) => key || "Direct / none";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const noOpensNote =
  "Opens are not counted: mail apps fetch every copy's images at delivery, so an open says nothing about a reader.";

/** Each issue sent in the period: what it brought, people's clicks first. */
function newslettersTable(reads: ReportReads): TableSource {
  return {
    title: "Newsletters",
    columns: ["Newsletter", "Clicks by people"],
    figureColumns: [
      "Copies sent",
      "People who clicked",
      "Machine clicks",
      "Visits",
      "Sign-ups",
      "Contact messages",
    ],
    note: noOpensNote,
    query: selectNewsletters(reads.current),
    toRow: (row: NewsletterRow) => {
      const figures = [
        row.copies,
        row.people,
        row.machine,
        row.visits,
        row.sign_ups,
        row.messages,
      ].map(toNumber);
      const [copies = 0, people = 0, machine = 0, visits = 0, signUps = 0, messages = 0] = figures;
      return {
        label: row.subject,
        detail: [
          plural(copies, "copy sent", "copies sent"),
          plural(people, "person clicked", "people clicked"),
          plural(machine, "machine click", "machine clicks"),
          plural(visits, "visit", "visits"),
          plural(signUps, "sign-up", "sign-ups"),
          plural(messages, "message", "messages"),
        ].join(" · "),
        value: toNumber(row.human),
        figures,
        href: `?period=${reads.period}&newsletter=${toNumber(row.id)}#insights-newsletter-links`,
      };
    },
  };
}

/** One issue's links: clicks by people and by machines. */
function newsletterLinksTable({ issue }: ReportReads): TableSource {
  const headings = {
    title: issue ? `Links in '${issue.subject}'` : "Newsletter links",
    columns: ["Link", "Clicks by people"] as [string, string],
    figureColumns: ["People who clicked", "Machine clicks"],
  };
  if (!issue) return { ...headings, rows: [] };
  return {
    ...headings,
    query: selectNewsletterLinks(issue.id),
    toRow: (row: NewsletterLinkRow) => {
      const people = toNumber(row.people);
      const machine = toNumber(row.machine);
      return {
        // The scheme says nothing on a narrow screen: the host and path are what tell links apart.
        label: row.url.replace(/^https?:\/\//, ""),
        detail: `${plural(people, "person", "people")} · ${plural(machine, "machine click", "machine clicks")}`,
        value: toNumber(row.human),
        figures: [people, machine],
      };
    },
  };
}
const namePage = (key: string) => key || "(unknown)";

function toPageRow(row: PageRow): Row {
  const visitors = toNumber(row.visitors);
  return {
    label: row.path,
    detail: `${visitors} ${visitors === 1 ? "visitor" : "visitors"}`,
    value: toNumber(row.views),
    figures: [visitors],
  };
}

/** The period ending today (site time zone) and the one of the same length before it. */
export function getPeriodRanges(period: InsightsPeriod, today: string) {
  const length = periodDays[period];
  const from = addDays(today, 1 - length);
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -length), to: addDays(from, -1) },
  };
}

/** What a report's tables read: the period, the raw rows' source aliases, page titles. */
type ReportReads = {
  current: DayRange;
  aliases: SourceAliases;
  titles: Map<string, { kind: string; title: string }>;
  conversions: { current: ConversionCounts; previous: ConversionCounts };
  period: InsightsPeriod;
  /** The newsletter issue whose links are shown, if any was sent. */
  issue: { id: number; subject: string } | undefined;
};

/** A table's headings, and its ranked read with how a row of it reads (or its few rows). */
type TableSource = Omit<InsightsTable, "rows"> & { rated?: boolean } & (
    | {
        // biome-ignore lint/suspicious/noExplicitAny: each table pairs its row type with its query.
        query: RankedQuery<any>;
        toRow: (row: never) => Row;
      }
    | { rows: Row[] }
  );

function visitsTable(
  reads: ReportReads,
  title: string,
  columns: [string, string],
  dimension: VisitDimension,
  name: (key: string) => string,
): TableSource {
  return {
    title,
    columns,
    query: selectVisits(dimension, reads.current, reads.aliases),
    toRow: (row: VisitRow) => ({ label: name(row.value), value: toNumber(row.visits) }),
  };
}

function titledTable(reads: ReportReads, title: string, label: string, kind: string): TableSource {
  const paths = [...reads.titles].filter(([, page]) => page.kind === kind).map(([path]) => path);
  return {
    title,
    columns: [label, "Views"],
    detailColumn: "Address",
    query: selectPages(reads.current, paths),
    toRow: (row: PageRow) => ({
      label: reads.titles.get(row.path)?.title ?? row.path,
      detail: row.path,
      value: toNumber(row.views),
    }),
  };
}

function rateTable(
  reads: ReportReads,
  title: string,
  label: string,
  dimension: "entry" | "source",
  name: (key: string) => string,
): TableSource {
  return {
    title,
    columns: [label, "Conversions"],
    figureColumns: rateFigureColumns,
    rated: true,
    query: selectRates(dimension, reads.current, reads.aliases),
    toRow: (row: RateRow) => toRateRow(row, name),
  };
}

/** The conversions by kind: three rows, from the totals already read. */
function conversionsTable({ conversions }: ReportReads): TableSource {
  return {
    title: "Conversions by kind",
    columns: ["Kind", "Conversions"],
    figureColumns: ["Period before"],
    rows: conversionKinds.map((kind) => ({
      label: conversionKindLabels[kind],
      detail: `${conversions.previous[kind]} the period before`,
      value: conversions.current[kind],
      figures: [conversions.previous[kind]],
    })),
  };
}

function describeTable(reads: ReportReads, name: InsightsTableName): TableSource {
  switch (name) {
    case "pages":
      return {
        title: "Top pages",
        columns: ["Page", "Views"],
        figureColumns: ["Visitors"],
        query: selectPages(reads.current),
        toRow: toPageRow,
      };
    case "articles":
      return titledTable(reads, "Top articles", "Article", "article");
    case "case-studies":
      return titledTable(reads, "Top case studies", "Case study", "case study");
    case "entries":
      return visitsTable(reads, "Entry pages", ["Page", "Visits"], "entry", namePage);
    case "referrers":
      return visitsTable(reads, "Referrers", ["Site", "Visits"], "referrer", nameSource);
    case "campaigns":
      return {
        title: "Campaigns",
        columns: ["Campaign", "Visits"],
        detailColumn: "Source / medium",
        query: selectVisits("campaign", reads.current, reads.aliases),
        toRow: (row: VisitRow) => ({
          label: row.value,
          detail: row.detail,
          value: toNumber(row.visits),
        }),
      };
    case "devices":
      return visitsTable(reads, "Devices", ["Device", "Visits"], "device", namePage);
    case "browsers":
      return visitsTable(reads, "Browsers", ["Browser", "Visits"], "browser", namePage);
    case "conversions":
      return conversionsTable(reads);
    case "landing-conversions":
      return rateTable(reads, "Conversion rate by landing page", "Landing page", "entry", namePage);
    case "source-conversions":
      return rateTable(reads, "Conversion rate by source", "Source", "source", nameSource);
    case "newsletters":
      return newslettersTable(reads);
    case "newsletter-links":
      return newsletterLinksTable(reads);
  }
}

/** The reads every table shares: the raw rows' aliases, the titles, the totals of both periods. */
async function prepareReads(
  db: Db,
  period: InsightsPeriod,
  today: string,
  newsletter: number | undefined,
) {
  const { current, previous } = getPeriodRanges(period, today);
  const aliases = toSourceAliases(
    await readOffLoop(db, selectRawSourceValues({ from: previous.from, to: current.to })),
  );
  const [counted, counterpart, titles, issue] = await Promise.all([
    readTotals(db, current, aliases),
    readTotals(db, previous, aliases),
    listPageTitles(db),
    readChosenIssue(db, current, newsletter),
  ]);
  const reads: ReportReads = {
    current,
    aliases,
    titles,
    period,
    issue,
    conversions: { current: counted.byKind, previous: counterpart.byKind },
  };
  const toTotals = (read: typeof counted): Totals => ({
    visitors: read.visits,
    views: read.views,
    conversions: sumConversions(read.byKind),
  });
  return {
    current,
    previous,
    reads,
    totals: toTotals(counted),
    previousTotals: toTotals(counterpart),
  };
}

/** A table's top rows, as the screen shows them. */
async function readTopRows(db: Db, table: TableSource): Promise<Row[]> {
  if ("rows" in table) return table.rows.slice(0, tableLimit);
  const rows = await readOffLoop(db, table.query({ limit: tableLimit, offset: 0 }));
  return rows.map((row) => table.toRow(row as never));
}

export async function readInsights(
  db: Db,
  period: InsightsPeriod,
  today: string,
  /** The newsletter issue whose links are shown; the period's newest when none. */
  newsletter?: number,
): Promise<InsightsReport> {
  const prepared = await prepareReads(db, period, today, newsletter);
  const { current, previous, reads } = prepared;
  const days = await readDays(db, current);
  const read = new Map<InsightsTableName, InsightsTable>();
  // A few tables at a time (each one ranked read of its top rows): on PostgreSQL they take a few
  // of the pool's connections, not all of them; on SQLite the read worker takes them in turn.
  for (let at = 0; at < insightsTableNames.length; at += tablesAtOnce) {
    await yieldTurn();
    await Promise.all(
      insightsTableNames.slice(at, at + tablesAtOnce).map(async (name) => {
        const source = describeTable(reads, name);
        read.set(name, {
          title: source.title,
          columns: source.columns,
          ...(source.detailColumn ? { detailColumn: source.detailColumn } : {}),
          ...(source.figureColumns ? { figureColumns: source.figureColumns } : {}),
          ...(source.note ? { note: source.note } : {}),
          rows: await readTopRows(db, source),
        });
      }),
    );
  }
  const tables = Object.fromEntries(
    insightsTableNames.map((name) => [name, read.get(name)]),
  ) as Record<InsightsTableName, InsightsTable>;
  return {
    from: current.from,
    to: current.to,
    previousFrom: previous.from,
    previousTo: previous.to,
    totals: prepared.totals,
    previous: prepared.previousTotals,
    conversions: reads.conversions,
    days,
    tables,
  };
}

type Headings = Omit<InsightsTable, "rows">;

/** A table's CSV heading: the label and figure, then the detail, further figures and the rate. */
function formatCsvHeading(table: Headings, rated: boolean): string[] {
  return [
    ...table.columns,
    ...(table.detailColumn ? [table.detailColumn] : []),
    ...(table.figureColumns ?? []),
    ...(rated ? ["Rate (%)"] : []),
  ];
}

function formatCsvRow(table: Headings, rated: boolean, row: Row): string[] {
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

/** A table's rows a page at a time, every one of them, in rank order. */
async function openTableRows(db: Db, table: TableSource) {
  if ("rows" in table) {
    let given = false;
    return {
      next: async () => {
        if (given) return [];
        given = true;
        return table.rows;
      },
      close: async () => {},
    };
  }
  const cursor = await openReadCursor(db, table.query);
  return {
    next: async (count: number) =>
      (await cursor.next(count)).map((row) => table.toRow(row as never)),
    close: cursor.close,
  };
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
  newsletter?: number,
): Promise<{ from: string; to: string; body: ReadableStream<Uint8Array> }> {
  const { current, reads } = await prepareReads(db, period, today, newsletter);
  const table = describeTable(reads, name);
  const rated = table.rated ?? false;
  const rows = await openTableRows(db, table);
  const encoder = new TextEncoder();
  let page: Row[] | undefined = await rows.next(exportPageSize);
  let lines: string[][] = [formatCsvHeading(table, rated)];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!page) {
        await yieldTurn();
        page = await rows.next(exportPageSize);
      }
      lines.push(...page.map((row) => formatCsvRow(table, rated, row)));
      if (lines.length > 0) controller.enqueue(encoder.encode(formatCsv(lines)));
      const more = page.length === exportPageSize;
      page = undefined;
      lines = [];
      if (!more) {
        await rows.close();
        controller.close();
      }
    },
    cancel: () => rows.close(),
  });
  return { from: current.from, to: current.to, body };
}
