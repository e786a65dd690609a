// The data of the freeze benchmark, written straight into the site's database (SQLite file or
// PostgreSQL) while the site is stopped: 400 days of visits, a full 404 log and 10,000 redirect
// rules, the same rows on either engine (a seeded generator), in bulk statements.
import { DatabaseSync } from "node:sqlite";
import pg from "pg";

export const seedSizes = {
  days: 400,
  pageViews: 1_000_000,
  visitors: 200_000,
  referrers: 5_000,
  campaigns: 2_000,
  missingAddresses: 300_000,
  redirectRules: 10_000,
} as const;

type Value = string | number | null;
type Column = { name: string; type: "text" | "integer" };
export type SeedTable = { name: string; columns: Column[] };

/** Just what the benchmark needs of a database: reads, and many rows at once. */
export type BenchDatabase = {
  read: (query: string) => Promise<Record<string, unknown>[]>;
  run: (query: string) => Promise<void>;
  insertRows: (table: SeedTable, rows: Value[][]) => Promise<void>;
  close: () => Promise<void>;
};

export async function openBenchDatabase(url: string): Promise<BenchDatabase> {
  if (url.startsWith("file:")) return openSqlite(url.slice("file:".length));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    read: async (query) => (await client.query(query)).rows,
    run: async (query) => {
      await client.query(query);
    },
    // One statement per 20,000 rows: a column an array (unnest), so the statement stays small.
    insertRows: async (table, rows) => {
      const names = table.columns.map((column) => column.name).join(", ");
      const arrays = table.columns.map((column, at) => `$${at + 1}::${column.type}[]`).join(", ");
      const statement = `insert into ${table.name} (${names}) select * from unnest(${arrays})`;
      for (let start = 0; start < rows.length; start += 20_000) {
        const slice = rows.slice(start, start + 20_000);
        await client.query(
          statement,
          table.columns.map((_, at) => slice.map((row) => row[at])),
        );
      }
    },
    close: () => client.end(),
  };
}

function openSqlite(path: string): BenchDatabase {
  const db = new DatabaseSync(path, { timeout: 10_000 });
  return {
    read: async (query) => db.prepare(query).all() as Record<string, unknown>[],
    run: async (query) => {
      db.exec(query);
    },
    // 200 rows a statement, every statement of a table in one transaction.
    insertRows: async (table, rows) => {
      const names = table.columns.map((column) => column.name).join(", ");
      const one = `(${table.columns.map(() => "?").join(", ")})`;
      const prepare = (count: number) =>
        db.prepare(
          `insert into ${table.name} (${names}) values ${Array(count).fill(one).join(", ")}`,
        );
      const full = prepare(200);
      db.exec("begin");
      try {
        for (let start = 0; start < rows.length; start += 200) {
          const slice = rows.slice(start, start + 200);
          const statement = slice.length === 200 ? full : prepare(slice.length);
          statement.run(...slice.flat());
        }
        db.exec("commit");
      } catch (error) {
        db.exec("rollback");
        throw error;
      }
    },
    close: async () => db.close(),
  };
}

/** mulberry32: the same numbers on every run and engine. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = 86_400_000;

const text = (name: string): Column => ({ name, type: "text" });
const integer = (name: string): Column => ({ name, type: "integer" });

const tables = {
  views: {
    name: "visit_page_views",
    columns: [text("day"), text("path"), text("visitor"), integer("views")],
  },
  entries: {
    name: "visit_entries",
    columns: [
      text("day"),
      text("visitor"),
      text("entry_path"),
      text("referrer_host"),
      text("source"),
      text("utm_medium"),
      text("utm_campaign"),
      text("device"),
      text("browser"),
      integer("pages"),
    ],
  },
  conversions: {
    name: "visit_conversions",
    columns: [
      text("day"),
      text("kind"),
      text("entry_path"),
      text("source"),
      integer("conversions"),
    ],
  },
  missing: {
    name: "missing_addresses",
    columns: [text("path"), text("day"), integer("hits")],
  },
  rules: {
    name: "redirect_rules",
    columns: [
      text("source"),
      text("match"),
      text("target"),
      integer("status"),
      integer("hits"),
      text("created_at"),
      text("updated_at"),
    ],
  },
} satisfies Record<string, SeedTable>;

/** Pages a visit can view: the site's own, its articles and case studies, and older addresses. */
async function listPaths(db: BenchDatabase): Promise<string[]> {
  const own = ["/", "/about", "/services", "/blog", "/contact", "/careers", "/case-studies"];
  const ids = async (table: string) =>
    (await db.read(`select id from ${table}`).catch(() => [])).map((row) => String(row.id));
  const articles = (await ids("articles")).map((id) => `/blog/${id}`);
  const cases = (await ids("case_studies")).map((id) => `/case-studies/${id}`);
  const older = Array.from({ length: 250 }, (_, n) => `/services/topic-${n}`);
  return [...own, ...articles, ...cases, ...older];
}

/** 400 days of visits: every day 2,500 page views by about 1,000 visits of 1 to 4 pages each. */
function buildVisits(paths: string[], today: number) {
  const random = createRandom(49);
  /** Index of a popular-first pick among `count`. */
  const pick = (count: number) => Math.floor(count * random() ** 2.5);
  const views: Value[][] = [];
  const entries: Value[][] = [];
  const conversions: Value[][] = [];
  const viewsPerDay = seedSizes.pageViews / seedSizes.days;
  const devices = ["Desktop", "Desktop", "Mobile", "Tablet"];
  const browsers = ["Chrome", "Chrome", "Safari", "Firefox", "Edge"];
  const media = ["email", "social", "cpc", "newsletter"];
  for (let d = 0; d < seedSizes.days; d++) {
    const day = toDay(today - (seedSizes.days - 1 - d) * dayMs);
    let dayViews = 0;
    for (let visit = 0; dayViews < viewsPerDay; visit++) {
      const visitor = `v${((d * 1000 + visit) % seedSizes.visitors).toString(36).padStart(15, "0")}`;
      const seen = new Set<string>();
      const pages = Math.min(1 + Math.floor(random() * 4), viewsPerDay - dayViews);
      while (seen.size < pages) seen.add(paths[pick(paths.length)] ?? "/");
      for (const path of seen) views.push([day, path, visitor, 1 + Math.floor(random() ** 6 * 3)]);
      dayViews += pages;
      const kind = random();
      const referrer = `r${pick(seedSizes.referrers)}.example`;
      const campaign = pick(seedSizes.campaigns);
      const [entry] = seen;
      const origin =
        kind < 0.4
          ? ["", "", "", ""]
          : kind < 0.8
            ? [referrer, referrer, "", ""]
            : ["", `source-${campaign % 60}`, media[campaign % 4], `campaign-${campaign}`];
      entries.push([
        day,
        visitor,
        entry ?? "/",
        ...origin,
        devices[visit % devices.length] ?? "Desktop",
        browsers[visit % browsers.length] ?? "Chrome",
        pages,
      ] as Value[]);
    }
    for (let n = 0; n < 20; n++) {
      const kind = ["contact", "newsletter", "booking"][n % 3] ?? "contact";
      conversions.push([day, kind, paths[n] ?? "/", n % 2 ? "" : `r${n}.example`, 1 + (n % 3)]);
    }
  }
  return { views, entries, conversions };
}

/** The 404 log's last 30 days (the window the screen shows), many addresses asked once. */
function buildMissingAddresses(today: number): Value[][] {
  const random = createRandom(404);
  const sections = ["old-site", "wp", "shop", "news", "docs", "team", "events", "jobs"];
  return Array.from({ length: seedSizes.missingAddresses }, (_, n) => [
    `/${sections[n % sections.length]}/page-${n}`,
    toDay(today - (n % 30) * dayMs),
    1 + Math.floor(random() ** 4 * 50),
  ]);
}

function buildRedirectRules(now: string): Value[][] {
  return Array.from({ length: seedSizes.redirectRules }, (_, n) =>
    n % 50 === 0
      ? [`/old/gone-${n}`, "exact", "", 410, n % 13, now, now]
      : n % 10 === 0
        ? [`/old/folder-${n}`, "prefix", "/services", 301, n % 17, now, now]
        : [
            `/old/page-${n}`,
            "exact",
            n % 7 ? "/about" : `https://example.com/${n}`,
            301,
            0,
            now,
            now,
          ],
  );
}

/** Writes every seeded row; answers the rows written per table. */
export async function seedDatabase(db: BenchDatabase): Promise<Record<string, number>> {
  const today = Date.now();
  const visits = buildVisits(await listPaths(db), today);
  const written: Array<[SeedTable, Value[][]]> = [
    [tables.views, visits.views],
    [tables.entries, visits.entries],
    [tables.conversions, visits.conversions],
    [tables.missing, buildMissingAddresses(today)],
    [tables.rules, buildRedirectRules(new Date(today).toISOString())],
  ];
  const counts: Record<string, number> = {};
  for (const [table, rows] of written) {
    await db.insertRows(table, rows);
    counts[table.name] = rows.length;
  }
  return counts;
}
