// Insights from daily rollups against a real database: a report reads the same before and after
// its days are rolled up (a source's aliases one row), two instances roll a day up once, the top
// 25 of thousands of values come ranked from SQL, and every export streams every row of its table.
import { request } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readInsights } from "~/features/insights/insights.server";
import { insightsTableNames } from "~/features/insights/insights-schema";
import { startVisitRollups } from "~/features/insights/visit-rollup-job.server";
import { rollUpFinishedDays } from "~/features/insights/visit-rollups.server";
import { listPageTitles } from "~/features/publishing/store/reads.server";
import { openDatabase } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/tables.server";
import { addDays, createDayReader } from "~/platform/visits/visit-days";
import {
  deleteVisitsBefore,
  readViewsByPath,
  visitFigureTables,
} from "~/platform/visits/visit-store.server";
import { logInCookie } from "../support/admin-requests";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";
import { seedVisits } from "../support/visit-seed";

type Visit = {
  day: string;
  visitor: string;
  entry: string;
  referrer?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  device?: string;
  browser?: string;
  /** Views by path. */
  views: Record<string, number>;
};

type Conversion = { day: string; kind: string; entry: string; source: string };

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += 300) await insert(rows.slice(at, at + 300));
}

/** Writes visits and conversions as the recorder's raw rows. */
async function writeRaw(db: Db, visits: Visit[], conversions: Conversion[] = []) {
  await insertInChunks(visits, (chunk) =>
    db
      .insertInto("visit_entries")
      .values(
        chunk.map((visit) => ({
          day: visit.day,
          visitor: visit.visitor,
          entry_path: visit.entry,
          referrer_host: visit.referrer ?? "",
          source: visit.source ?? visit.referrer ?? "",
          utm_medium: visit.medium ?? "",
          utm_campaign: visit.campaign ?? "",
          device: visit.device ?? "Desktop",
          browser: visit.browser ?? "Firefox",
          pages: Object.values(visit.views).reduce((sum, views) => sum + views, 0),
        })),
      )
      .execute(),
  );
  const views = visits.flatMap((visit) =>
    Object.entries(visit.views).map(([path, count]) => ({
      day: visit.day,
      path,
      visitor: visit.visitor,
      views: count,
    })),
  );
  await insertInChunks(views, (chunk) => db.insertInto("visit_page_views").values(chunk).execute());
  for (const conversion of conversions) {
    await db
      .insertInto("visit_conversions")
      .values({
        day: conversion.day,
        kind: conversion.kind,
        entry_path: conversion.entry,
        source: conversion.source,
        conversions: 1,
      })
      .onConflict((conflict) =>
        conflict
          .columns(["day", "kind", "entry_path", "source"])
          .doUpdateSet((eb) => ({ conversions: eb("visit_conversions.conversions", "+", 1) })),
      )
      .execute();
  }
}

async function listRawDays(db: Db): Promise<string[]> {
  const days = new Set<string>();
  for (const table of ["visit_page_views", "visit_entries", "visit_conversions"] as const) {
    const rows = await db.selectFrom(table).select("day").distinct().execute();
    for (const row of rows) days.add(row.day);
  }
  return [...days].sort();
}

const pad = (n: number) => String(n).padStart(4, "0");

/**
 * 3,000 referrers over four days (two of them rolled up, two raw): most with 1-4 visits, 25 of
 * them with 20-44; 600 entry pages, 1,200 other pages, 300 campaigns, conversions on one in 50.
 */
function makeTraffic(days: string[], titled: string[]) {
  const favourites = new Map(Array.from({ length: 25 }, (_, k) => [37 + 113 * k, 20 + k]));
  const visits: Visit[] = [];
  const conversions: Conversion[] = [];
  for (let i = 0; i < 3000; i += 1) {
    const count = favourites.get(i) ?? 1 + (i % 4);
    for (let j = 0; j < count; j += 1) {
      const entry = `/e/${(i * 7 + j) % 600}`;
      const views: Record<string, number> = { [`/p/${(i * 13 + j) % 1200}`]: 1 };
      if (j % 2 === 0) views[entry] = 2;
      const page = titled[(i + j) % (titled.length * 3)];
      if (page) views[page] = 1;
      const day = days[j % days.length] as string;
      const referrer = `ref-${pad(i)}.example`;
      visits.push({
        day,
        visitor: `r${i}-${j}`,
        entry,
        referrer,
        ...(i % 10 === 0 ? { campaign: `c-${pad(i)}`, medium: "email" } : {}),
        device: j % 2 === 0 ? "Desktop" : "Mobile",
        browser: `Browser ${i % 7}`,
        views,
      });
      if (i % 50 === 0 && j === 0)
        conversions.push({ day, kind: "contact", entry, source: referrer });
    }
  }
  return { visits, conversions, favourites };
}

/** An export as the admin downloads it: status, headers, the body's chunks and its lines. */
function download(site: TestSite, cookie: string, path: string) {
  return new Promise<{
    status: number;
    headers: Record<string, unknown>;
    chunks: number;
    lines: string[][];
  }>((resolve, reject) => {
    const req = request(`${site.url}${path}`, { headers: { cookie } }, (res) => {
      let chunks = 0;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        chunks += 1;
        text += chunk;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          chunks,
          lines: text
            .trimEnd()
            .split("\r\n")
            .map((line) => line.split(",")),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(getTestDatabaseKinds())("Insights rollups on $name", (kind) => {
  let database: TestDatabase;
  let site: TestSite;
  let db: Db;
  const today = createDayReader()(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const daysAgo = (n: number) => addDays(today, -n);

  beforeAll(async () => {
    database = await kind.create();
    site = await startTestSite(database, {}, { visits: { flushMs: 3_600_000 } });
    db = site.services.db;
  });

  afterAll(async () => {
    await site?.close();
  });

  beforeEach(async () => {
    for (const table of visitFigureTables) await db.deleteFrom(table).execute();
  });

  it("reads the same figures before and after past days are rolled up, a source's aliases one row, today and yesterday left raw", async () => {
    const linkedin = ["www.linkedin.com", "lnkd.in", "linkedin.com", "linkedin"];
    const visits: Visit[] = [];
    for (let n = 0; n <= 6; n += 1) {
      const day = daysAgo(n);
      for (const [k, alias] of linkedin.entries()) {
        visits.push({
          day,
          visitor: `li-${n}-${k}`,
          entry: "/blog",
          referrer: alias,
          source: k === 3 ? "linkedin" : alias,
          ...(k % 2 === 0 ? { campaign: "launch", medium: "social" } : {}),
          views: { "/blog": 1, "/about": k + 1 },
        });
      }
      visits.push({
        day,
        visitor: `fb-${n}`,
        entry: "/",
        source: n % 2 === 0 ? "fb" : "facebook.com",
        referrer: "m.facebook.com",
        campaign: "spring",
        medium: "paid",
        device: "Mobile",
        views: { "/": 3 },
      });
    }
    const conversions: Conversion[] = [
      { day: daysAgo(5), kind: "contact", entry: "/blog", source: "lnkd.in" },
      { day: daysAgo(3), kind: "booking", entry: "/blog", source: "linkedin" },
      { day: daysAgo(0), kind: "booking", entry: "/", source: "fb" },
    ];
    await writeRaw(db, visits, conversions);
    await seedVisits(db, {
      lastDay: today,
      days: 6,
      visitorsPerDay: 40,
      pagesPerVisitor: 3,
      paths: 30,
      referrers: 50,
      campaigns: 10,
    });
    const paths = ["/blog", "/about", "/", "/p/1"];
    const since = daysAgo(29);
    const before = await Promise.all([
      readInsights(db, "7d", today),
      readInsights(db, "30d", today),
      readViewsByPath(db, paths, since),
    ]);

    expect(await rollUpFinishedDays(db, today)).toBe(5);

    const after = await Promise.all([
      readInsights(db, "7d", today),
      readInsights(db, "30d", today),
      readViewsByPath(db, paths, since),
    ]);
    expect(after).toEqual(before);
    const [week] = after;
    expect(week.totals.visitors).toBe(visits.length + 6 * 40);
    const referrers = week.tables.referrers.rows;
    expect(referrers.find((row) => row.label === "LinkedIn")?.value).toBe(7 * 4);
    expect(referrers.find((row) => row.label === "Facebook")?.value).toBe(7);
    expect(referrers.map((row) => row.label)).not.toContain("lnkd.in");
    expect(week.tables.campaigns.rows).toContainEqual({
      label: "spring",
      detail: "Facebook / paid",
      value: 7,
    });
    expect(week.tables.campaigns.rows).toContainEqual({
      label: "launch",
      detail: "LinkedIn / social",
      value: 14,
    });
    expect(
      week.tables["source-conversions"].rows.find((row) => row.label === "LinkedIn")?.figures,
    ).toEqual([7 * 4 + 6 * 4, 1 + 6, 0, 1]);
    expect(await listRawDays(db)).toEqual([daysAgo(1), today]);
    const rolled = await db.selectFrom("visit_rolled_days").select("day").orderBy("day").execute();
    expect(rolled.map((row) => row.day)).toEqual([6, 5, 4, 3, 2].map(daysAgo));

    // Nothing is left to roll up until a day ends; a second pass changes nothing.
    expect(await rollUpFinishedDays(db, today)).toBe(0);
    expect(await readInsights(db, "7d", today)).toEqual(before[0]);
  });

  it("rolls each day up exactly once when two instances run at the same time", async () => {
    await seedVisits(db, {
      lastDay: daysAgo(2),
      days: 12,
      visitorsPerDay: 60,
      pagesPerVisitor: 4,
      paths: 40,
      referrers: 200,
      campaigns: 20,
    });
    const before = await readInsights(db, "30d", today);
    const second = await openDatabase(database.url);
    try {
      const rolled = await Promise.all([
        rollUpFinishedDays(db, today),
        rollUpFinishedDays(second, today),
      ]);
      expect(rolled[0] + rolled[1]).toBe(12);
    } finally {
      await second.destroy();
    }
    expect(await listRawDays(db)).toEqual([]);
    const totals = await db
      .selectFrom("visit_rolled_days")
      .select((eb) => [eb.fn.sum("visits").as("visits"), eb.fn.countAll().as("days")])
      .executeTakeFirst();
    expect(Number(totals?.visits)).toBe(12 * 60);
    expect(Number(totals?.days)).toBe(12);
    expect(await readInsights(db, "30d", today)).toEqual(before);

    // The retention takes rolled-up days with it: of 12 days seeded, the 5 before the cutoff go.
    await deleteVisitsBefore(db, daysAgo(8), today);
    const kept = await readInsights(db, "30d", today);
    expect(kept.totals.visitors).toBe(7 * 60);
    expect(kept.days.filter((day) => day.visitors > 0).map((day) => day.day)).toEqual(
      [8, 7, 6, 5, 4, 3, 2].map(daysAgo),
    );
  });

  it("rolls finished days up in the background once started, and stops when asked", async () => {
    await seedVisits(db, {
      lastDay: daysAgo(1),
      days: 4,
      visitorsPerDay: 20,
      pagesPerVisitor: 2,
      paths: 10,
      referrers: 10,
      campaigns: 5,
    });
    const job = startVisitRollups(site.services);
    try {
      await expect.poll(() => listRawDays(db), { timeout: 10_000 }).toEqual([daysAgo(1)]);
    } finally {
      await job.stop();
    }
    const rolled = await db.selectFrom("visit_rolled_days").select("day").orderBy("day").execute();
    expect(rolled.map((row) => row.day)).toEqual([4, 3, 2].map(daysAgo));
  });

  it("ranks the top 25 of 3,000 referrers in the database, and exports every row of every table, streamed", async () => {
    const titles = await listPageTitles(db);
    const titled = [...titles.keys()];
    const days = [daysAgo(3), daysAgo(2), daysAgo(1), today];
    const { visits, conversions, favourites } = makeTraffic(days, titled);
    await writeRaw(db, visits, conversions);
    expect(await rollUpFinishedDays(db, today)).toBe(2);

    const report = await readInsights(db, "7d", today);
    const top = [...favourites]
      .sort((a, b) => b[1] - a[1])
      .map(([i, count]) => ({ label: `ref-${pad(i)}.example`, value: count }));
    expect(report.tables.referrers.rows).toEqual(top);

    // Every row of each table, as the visits written give them.
    const distinct = (values: string[]) => new Set(values).size;
    const viewed = visits.flatMap((visit) => Object.keys(visit.views));
    const expectedRows: Record<(typeof insightsTableNames)[number], number> = {
      pages: distinct(viewed),
      articles: distinct(viewed.filter((path) => titles.get(path)?.kind === "article")),
      "case-studies": distinct(viewed.filter((path) => titles.get(path)?.kind === "case study")),
      entries: distinct(visits.map((visit) => visit.entry)),
      referrers: 3000,
      campaigns: 300,
      devices: 2,
      browsers: 7,
      conversions: 3,
      "landing-conversions": distinct(visits.map((visit) => visit.entry)),
      "source-conversions": 3000,
      // No newsletter was sent in this test.
      newsletters: 0,
      "newsletter-links": 0,
    };
    expect(expectedRows.articles).toBeGreaterThan(0);
    const cookie = await logInCookie(site);
    for (const table of insightsTableNames) {
      const answer = await download(
        site,
        cookie,
        `/admin/insights/export.csv?table=${table}&period=7d`,
      );
      expect(answer.status, table).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(answer.headers["content-disposition"]).toBe(
        `attachment; filename="insights-${table}-${daysAgo(6)}-to-${today}.csv"`,
      );
      expect(answer.lines.length - 1, table).toBe(expectedRows[table]);
      if (expectedRows[table] > 1000) {
        // Sent as it is read, not as one buffer of known length.
        expect(answer.headers["transfer-encoding"], table).toBe("chunked");
        expect(answer.headers["content-length"], table).toBeUndefined();
        expect(answer.chunks, table).toBeGreaterThan(1);
      }
    }
    const referrers = await download(
      site,
      cookie,
      "/admin/insights/export.csv?table=referrers&period=7d",
    );
    const counts = new Map<string, number>();
    for (const visit of visits)
      counts.set(visit.referrer ?? "", (counts.get(visit.referrer ?? "") ?? 0) + 1);
    const all = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([label, count]) => [label, String(count)]);
    expect(referrers.lines).toEqual([["Site", "Visits"], ...all]);
    const pages = await download(site, cookie, "/admin/insights/export.csv?table=pages&period=7d");
    const blog = visits.filter((visit) => visit.views["/e/0"]);
    expect(pages.lines).toContainEqual(["/e/0", String(blog.length * 2), String(blog.length)]);
  });
});

// PostgreSQL cancels a statement past its timeout (heavy reads: REPORTS_TIMEOUT_SECONDS); with the
// year's raw rows read in full, the pages, articles and entries exports met it under load and
// answered 500.
describe.each(getTestDatabaseKinds().filter((kind) => kind.name === "postgres"))(
  "an Insights export past PostgreSQL's statement timeout",
  (kind) => {
    let site: TestSite;

    beforeAll(async () => {
      site = await startTestSite(
        await kind.create(),
        { REPORTS_TIMEOUT_SECONDS: "2" },
        { visits: { flushMs: 3_600_000 } },
      );
    });

    afterAll(async () => {
      await site?.close();
    });

    it("answers 503 with Retry-After, not 500, and the next export is whole", async () => {
      const { db } = site.services;
      const cookie = await logInCookie(site);
      const today = createDayReader()(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
      await writeRaw(db, [{ day: today, visitor: "v1", entry: "/about", views: { "/about": 1 } }]);
      // Every read of the visits waits longer than the statement timeout allows.
      await sql`alter table visit_entries rename to visit_entries_away`.execute(db);
      await sql`create view visit_entries as
        select e.* from visit_entries_away e, (select pg_sleep(3)) slow`.execute(db);
      try {
        const answer = await download(
          site,
          cookie,
          "/admin/insights/export.csv?table=entries&period=7d",
        );
        expect(answer.status).toBe(503);
        expect(answer.headers["retry-after"]).toBe("5");
      } finally {
        await sql`drop view visit_entries`.execute(db);
        await sql`alter table visit_entries_away rename to visit_entries`.execute(db);
      }
      const answer = await download(
        site,
        cookie,
        "/admin/insights/export.csv?table=entries&period=7d",
      );
      expect(answer.status).toBe(200);
      expect(answer.lines).toEqual([
        ["Page", "Visits"],
        ["/about", "1"],
      ]);
    });
  },
);
