// What one client can add to Insights, over HTTP against the built site and a real database: a
// flood of invented 14 KB browsers from one address adds a bounded number of rows, an office past
// the new visitors of its network is counted under one visitor (its conversions attributed to it),
// and referrer and campaign values are cut, named once per known source and capped per day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDayReader } from "~/platform/visits/visit-days";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { startSiteInstance, startTestSite, type TestSite } from "../support/test-site";

const newValuesPerDay = 5;
const newVisitorsPerNetworkHour = 30;
const dayMs = 86_400_000;

/** A browser's User-Agent, unique by `n` where it is read, padded to about 14 KB. */
const inventedBrowser = (n: number, padding = 14_000) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${"p".repeat(padding)}`;

type Client = { ip: string; ua: string; referer?: string };

/** A GET as a browser behind the site's loopback proxy sends it; resolves to its status. */
async function view(baseUrl: string, path: string, client: Client): Promise<number> {
  const answer = await fetch(`${baseUrl}${path}`, {
    headers: {
      "x-forwarded-for": client.ip,
      "user-agent": client.ua,
      ...(client.referer ? { referer: client.referer } : {}),
    },
    redirect: "manual",
  });
  await answer.arrayBuffer();
  return answer.status;
}

describe.each(getTestDatabaseKinds())("bounded visit counting on $name", (kind) => {
  let database: TestDatabase;
  let site: TestSite;
  // The site's clock: each test counts on a day of its own, so each starts with no values known.
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  let clock = noon.getTime();
  const now = () => clock;
  const visitOptions = { now, flushMs: 3_600_000, newValuesPerDay, newVisitorsPerNetworkHour };
  const today = () => createDayReader()(clock, Intl.DateTimeFormat().resolvedOptions().timeZone);

  beforeAll(async () => {
    database = await kind.create();
    site = await startTestSite(database, {}, { visits: visitOptions });
  });

  afterAll(async () => {
    await site?.close();
  });

  /** The day's counted rows, written first. */
  async function readDay() {
    await site.app.visits.flush();
    const db = site.services.db;
    const entries = await db
      .selectFrom("visit_entries")
      .selectAll()
      .where("day", "=", today())
      .execute();
    const views = await db
      .selectFrom("visit_page_views")
      .select(["path", "visitor", "views"])
      .where("day", "=", today())
      .execute();
    const total = views.reduce((sum, row) => sum + Number(row.views), 0);
    return { entries, viewRows: views.length, views: total };
  }

  it("adds a bounded number of rows for a flood of invented browsers, referrers and campaigns from one address", async () => {
    clock += dayMs;
    const person = {
      ip: "198.51.100.7",
      ua: inventedBrowser(1, 0),
      referer: "https://lnkd.in/abc",
    };
    expect(await view(site.url, "/services", person)).toBe(200);
    let next = 0;
    const flood = async () => {
      while (next < 2000) {
        const n = next++;
        // A view every 0.6 s: slower than a crawler's pace, so every view is counted.
        clock += 600;
        const client = {
          ip: "203.0.113.66",
          ua: inventedBrowser(n),
          ...(n % 100 === 0 ? { referer: `https://spam-${n}.example/` } : {}),
        };
        const status = await view(
          site.url,
          `/about?utm_source=src-${n}&utm_campaign=c-${n}`,
          client,
        );
        expect(status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, flood));
    const counted = await readDay();
    // The network's new visitors, its one shared visitor, and the person on another network.
    expect(counted.entries).toHaveLength(newVisitorsPerNetworkHour + 2);
    expect(counted.viewRows).toBe(newVisitorsPerNetworkHour + 2);
    expect(counted.views).toBe(2001);
    const distinct = (column: "source" | "utm_campaign" | "referrer_host") =>
      new Set(counted.entries.map((entry) => entry[column])).size;
    // The day's new values, "other", and "" for no value.
    expect(distinct("source")).toBeLessThanOrEqual(newValuesPerDay + 1);
    expect(distinct("utm_campaign")).toBeLessThanOrEqual(newValuesPerDay + 2);
    expect(distinct("referrer_host")).toBeLessThanOrEqual(newValuesPerDay + 2);
    expect(counted.entries.map((entry) => entry.source)).toContain("other");

    // The same flood at a crawler's pace: its shared visitor is a crawler for the day, taken back.
    for (let n = 2000; n < 2300; n++) {
      expect(await view(site.url, "/about", { ip: "203.0.113.66", ua: inventedBrowser(n) })).toBe(
        200,
      );
    }
    const after = await readDay();
    expect(after.entries).toHaveLength(newVisitorsPerNetworkHour + 1);
    expect(after.views).toBe(newVisitorsPerNetworkHour + 1);
  }, 120_000);

  it("counts an office's people past its network's new visitors under one visitor, every view counted, and attributes their conversions to it", async () => {
    clock += dayMs;
    const office = (n: number) => ({ ip: "192.0.2.40", ua: inventedBrowser(n, 20) });
    const people = newVisitorsPerNetworkHour + 5;
    for (let n = 1; n <= people; n++) {
      expect(await view(site.url, "/?utm_source=newsletter", office(n))).toBe(200);
      expect(await view(site.url, "/about", office(n))).toBe(200);
    }
    const counted = await readDay();
    expect(counted.entries).toHaveLength(newVisitorsPerNetworkHour + 1);
    expect(counted.views).toBe(people * 2);
    const shared = counted.entries.find((entry) => entry.pages === 10);
    expect(shared).toMatchObject({ entry_path: "/", source: "newsletter" });

    // Booking clicks of two people past the cap are conversions of the shared visit: once a day.
    for (const n of [people - 1, people]) {
      expect(await view(site.url, "/booking/go", office(n))).toBe(302);
    }
    const conversions = await site.services.db
      .selectFrom("visit_conversions")
      .select(["entry_path", "source", "conversions"])
      .where("day", "=", today())
      .execute();
    expect(conversions).toEqual([{ entry_path: "/", source: "newsletter", conversions: 1 }]);
  }, 60_000);

  it("stores referrer and campaign values cut, a known source's aliases as its one name, and new values past the day's cap as other, also after a restart", async () => {
    clock += dayMs;
    const who = (n: number, referer?: string) => ({
      ip: `203.0.113.${150 + n}`,
      ua: inventedBrowser(n, 0),
      ...(referer ? { referer } : {}),
    });
    const longCampaign = `Spring ${"sale ".repeat(100)}`;
    const visits: [string, Client][] = [
      ["/", who(1, "https://www.LinkedIn.com/feed/")],
      ["/", who(2, "https://lnkd.in/x1")],
      ["/?utm_source=LinkedIn", who(3)],
      [
        `/?utm_source=Mail%E2%80%8B%20%20Out&utm_campaign=${encodeURIComponent(longCampaign)}`,
        who(4),
      ],
      ["/", who(5, `https://WWW.${"long".repeat(60)}.example/`)],
      ["/?utm_source=s6", who(6)],
      ["/?utm_source=s7", who(7)],
      ["/?utm_source=s8", who(8)],
    ];
    for (const [path, client] of visits) expect(await view(site.url, path, client)).toBe(200);
    const counted = await readDay();
    const sources = counted.entries.map((entry) => entry.source).sort();
    // LinkedIn, "mail out", the long host and s6 make four; s7 is the fifth value; s8 is past them.
    expect(sources).toEqual(
      [
        "LinkedIn",
        "LinkedIn",
        "LinkedIn",
        "mail out",
        "long".repeat(25),
        "s6",
        "s7",
        "other",
      ].sort(),
    );
    expect(counted.entries.map((entry) => entry.referrer_host).sort()).toEqual(
      ["", "", "", "", "", "LinkedIn", "LinkedIn", "long".repeat(25)].sort(),
    );
    const campaign = counted.entries.find((entry) => entry.utm_campaign)?.utm_campaign;
    expect(campaign).toBe(`Spring ${"sale ".repeat(100)}`.slice(0, 100).trim());

    // Another instance (as after a restart) knows the day's values from the database.
    const restarted = await startSiteInstance(site, database.url, { visits: visitOptions });
    try {
      expect(await view(restarted.url, "/?utm_source=s9", who(9))).toBe(200);
      expect(await view(restarted.url, "/?utm_source=s6", who(10))).toBe(200);
      await restarted.app.visits.flush();
    } finally {
      await restarted.close();
    }
    const again = await readDay();
    expect(again.entries.map((entry) => entry.source).sort()).toEqual(
      [...sources, "other", "s6"].sort(),
    );
  }, 60_000);
});
