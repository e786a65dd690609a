// Raw visit rows made in the database itself (a statement per table, no rows through JavaScript):
// days of traffic for Insights' tests and measurements, on SQLite and PostgreSQL alike.
import { sql } from "kysely";
import { getDialectName } from "~/platform/db/dialect.server";
import type { Db } from "~/platform/db/tables.server";

export type VisitSeed = {
  /** The newest day seeded; the others are the days before it. */
  lastDay: string;
  days: number;
  visitorsPerDay: number;
  /** Page-view rows per visitor (one view each). */
  pagesPerVisitor: number;
  paths: number;
  referrers: number;
  campaigns: number;
};

/**
 * Seeds the days' visits: every visitor's entry (a quarter direct, a tenth tagged utm_source
 * "linkedin", a fifth of a campaign) and page views spread over the paths; a conversion for one
 * visitor in fifty.
 */
export async function seedVisits(db: Db, seed: VisitSeed): Promise<void> {
  // Days a statement at a time: each stays well under PostgreSQL's statement timeout.
  for (let first = 0; first < seed.days; first += daysPerStatement) {
    await seedDays(db, seed, first, Math.min(seed.days, first + daysPerStatement) - 1);
  }
}

const daysPerStatement = 40;

async function seedDays(db: Db, seed: VisitSeed, first: number, last: number): Promise<void> {
  const postgres = getDialectName(db) === "postgres";
  const grid = (extra: string) =>
    postgres
      ? sql.raw(
          `generate_series(${first}, ${last}) d(n), generate_series(0, ${seed.visitorsPerDay - 1}) v(n)${extra}`,
        )
      : sql.raw(`d, v${extra}`);
  const ranges = postgres
    ? sql``
    : sql.raw(`with recursive d(n) as (select ${first} union all select n + 1 from d where n < ${last}),
        v(n) as (select 0 union all select n + 1 from v where n < ${seed.visitorsPerDay - 1}),
        k(n) as (select 0 union all select n + 1 from k where n < ${seed.pagesPerVisitor - 1}) `);
  const day = postgres
    ? sql`to_char(cast(${seed.lastDay} as date) - d.n, 'YYYY-MM-DD')`
    : sql`date(${seed.lastDay}, '-' || d.n || ' days')`;
  const referrer = sql.raw(
    `case when v.n % 4 = 0 then '' else 'ref-' || ((v.n * 31 + d.n * 17) % ${seed.referrers}) || '.example.com' end`,
  );
  const campaign = sql.raw(
    `case when v.n % 5 = 2 then 'camp-' || ((v.n * 7 + d.n * 3) % ${seed.campaigns}) else '' end`,
  );
  await sql`${ranges} insert into visit_entries (day, visitor, entry_path, referrer_host, source,
      utm_medium, utm_campaign, device, browser, pages)
    select ${day}, 'v' || d.n || '-' || v.n, '/p/' || (v.n % ${sql.lit(seed.paths)}), ${referrer},
      case when v.n % 10 = 1 then 'linkedin' else ${referrer} end,
      case when v.n % 5 = 2 then 'email' else '' end, ${campaign},
      case v.n % 3 when 0 then 'Desktop' when 1 then 'Mobile' else 'Tablet' end,
      'Browser ' || (v.n % 5), ${sql.lit(seed.pagesPerVisitor)}
    from ${grid("")}`.execute(db);
  const pages = postgres
    ? sql.raw(`, generate_series(0, ${seed.pagesPerVisitor - 1}) k(n)`)
    : sql.raw(", k");
  await sql`${ranges} insert into visit_page_views (day, path, visitor, views)
    select ${day}, '/p/' || ((v.n + k.n * 7 + d.n) % ${sql.lit(seed.paths)}), 'v' || d.n || '-' || v.n, 1
    from ${grid("")}${pages}`.execute(db);
  await sql`${ranges} insert into visit_conversions (day, kind, entry_path, source, conversions)
    select ${day}, case v.n % 3 when 0 then 'contact' when 1 then 'booking' else 'newsletter' end,
      '/p/' || (v.n % ${sql.lit(seed.paths)}), case when v.n % 4 = 0 then 'lnkd.in' else '' end,
      count(*)
    from ${grid("")} where v.n % 50 = 0 group by 1, 2, 3, 4`.execute(db);
}
