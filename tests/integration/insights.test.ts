// Insights' counting over HTTP against the built site and a real database: a scripted visit
// sequence gives exactly the expected figures, two instances on one database add up, a contact
// message carries its visit, and a new day's salt makes the same visitor new, with no address or
// browser string stored anywhere.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { readInsights } from "~/features/insights/insights.server";
import { defaultArticles } from "~/features/publishing/default-articles";
import { exportData } from "~/platform/db/backup/portable-data.server";
import { getFormSecret, serializeFormShownCookie } from "~/platform/form-cookie.server";
import { createDayReader } from "~/platform/visits/visit-days";
import { logInCookie } from "../support/admin-requests";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { startSiteInstance, startTestSite, type TestSite } from "../support/test-site";

const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Tabby/${n}`;
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 Tabby/2";
const googlebot =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) TabbyBot/1";
const article = defaultArticles[0];
const day = 86_400_000;

type Visit = {
  ip: string;
  ua: string;
  referer?: string;
  method?: string;
  headers?: Record<string, string>;
};

/** One request as a browser behind the site's loopback proxy sends it; resolves to its status. */
function visit(baseUrl: string, path: string, who: Visit): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      "x-forwarded-for": who.ip,
      "user-agent": who.ua,
      "accept-encoding": "gzip",
      ...(who.referer ? { referer: who.referer } : {}),
      ...who.headers,
    };
    const req = request(`${baseUrl}${path}`, { method: who.method ?? "GET", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(getTestDatabaseKinds())("insights on $name", (kind) => {
  let database: TestDatabase;
  let site: TestSite;
  // The site's clock: moved a day on to see the salt rotate.
  let clock = Date.now();
  const now = () => clock;
  const today = () => createDayReader()(clock, Intl.DateTimeFormat().resolvedOptions().timeZone);

  beforeAll(async () => {
    database = await kind.create();
    site = await startTestSite(database, {}, { visits: { now, flushMs: 3_600_000 } });
  });

  afterAll(async () => {
    await site?.close();
  });

  /** Writes what an earlier test left in memory, then starts from no figures. */
  async function clearVisits() {
    await site.app.visits.flush();
    for (const table of [
      "visit_page_views",
      "visit_entries",
      "visit_conversions",
      "visit_conversion_visitors",
    ] as const) {
      await site.services.db.deleteFrom(table).execute();
    }
  }

  it("counts a scripted visit sequence exactly: people's views once, not bots, admins, HEAD, prefetches, revalidations, errors or health checks", async () => {
    await clearVisits();
    const url = site.url;
    const v1 = { ip: "203.0.113.11", ua: browser(1) };
    const v2 = { ip: "203.0.113.12", ua: phone };
    const v3 = { ip: "198.51.100.13", ua: browser(3) };
    // Visitor 1 comes from LinkedIn, then navigates on the client twice (.data), and a forged
    // repeat of the same navigation in the same minute counts once.
    expect(await visit(url, "/", { ...v1, referer: "https://www.linkedin.com/feed/" })).toBe(200);
    expect(await visit(url, "/blog.data", { ...v1, referer: `${url}/` })).toBe(200);
    expect(await visit(url, "/about.data", { ...v1, referer: `${url}/blog` })).toBe(200);
    expect(await visit(url, "/about.data?x=1", { ...v1, referer: `${url}/blog` })).toBe(200);
    expect(await visit(url, "/about?utm_source=forged", v1)).toBe(200);
    // Visitor 2 comes from a newsletter campaign, then loads another page in full.
    expect(
      await visit(url, "/services?utm_source=newsletter&utm_medium=email&utm_campaign=spring", v2),
    ).toBe(200);
    expect(await visit(url, "/about", { ...v2, referer: `${url}/services` })).toBe(200);
    // Visitor 3 comes from Google; a revalidation of the page shown and a prefetch are no views.
    expect(await visit(url, "/blog", { ...v3, referer: "https://www.google.com/" })).toBe(200);
    expect(
      await visit(url, "/blog.data?_routes=routes%2Fblog", { ...v3, referer: `${url}/blog` }),
    ).toBe(200);
    expect(
      await visit(url, "/about.data", {
        ...v3,
        referer: `${url}/blog`,
        headers: { "sec-purpose": "prefetch" },
      }),
    ).toBe(200);
    // Not counted: a crawler, HEAD, an error page, the health checks, files, a signed-in admin.
    expect(await visit(url, "/", { ip: "192.0.2.50", ua: googlebot })).toBe(200);
    expect(await visit(url, "/blog", { ip: "192.0.2.50", ua: googlebot })).toBe(200);
    expect(await visit(url, "/", { ...v1, method: "HEAD" })).toBe(200);
    expect(await visit(url, "/no-such-page", v3)).toBe(404);
    expect(await visit(url, "/healthz", v3)).toBe(200);
    // Files are not pages: the site's favicon, a built script.
    expect(await visit(url, "/favicon.svg", v3)).toBe(200);
    const cookie = await logInCookie(site);
    expect(await visit(url, "/services", { ...v3, headers: { cookie } })).toBe(200);
    expect(await visit(url, "/admin/login", v3)).toBe(200);

    await site.app.visits.flush();
    const report = await readInsights(site.services.db, "7d", today());
    expect(report.totals).toEqual({ visitors: 3, views: 6, conversions: 0 });
    expect(report.days.at(-1)).toEqual({ day: today(), visitors: 3, views: 6 });
    const rows = (name: keyof typeof report.tables) =>
      report.tables[name].rows.map((row) => [row.label, row.value]);
    expect(rows("pages")).toEqual([
      ["/about", 2],
      ["/blog", 2],
      ["/", 1],
      ["/services", 1],
    ]);
    expect(rows("entries")).toEqual([
      ["/", 1],
      ["/blog", 1],
      ["/services", 1],
    ]);
    expect(rows("referrers")).toEqual([
      ["Direct / none", 1],
      ["Google", 1],
      ["LinkedIn", 1],
    ]);
    expect(report.tables.campaigns.rows).toEqual([
      { label: "spring", detail: "newsletter / email", value: 1 },
    ]);
    expect(rows("devices")).toEqual([
      ["Desktop", 2],
      ["Mobile", 1],
    ]);
    expect(rows("browsers")).toEqual([
      ["Chrome", 2],
      ["Safari", 1],
    ]);
    // Its first renders are cache misses: slow while other suites share the machine.
  }, 60_000);

  it("counts a person's click on Book a Consultation as a conversion of their visit, and sends every click to the calendar", async () => {
    await clearVisits();
    const person = { ip: "203.0.113.41", ua: browser(41) };
    expect(
      await visit(site.url, "/services", { ...person, referer: "https://www.linkedin.com/feed/" }),
    ).toBe(200);
    const redirectOf = (who: Visit) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const req = request(
          `${site.url}/booking/go`,
          { headers: { "x-forwarded-for": who.ip, "user-agent": who.ua, ...who.headers } },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, location: res.headers.location }),
            );
          },
        );
        req.on("error", reject);
        req.end();
      });
    const click = await redirectOf(person);
    expect(click.status).toBe(302);
    expect(click.location).toBe(defaultContent.booking.url);
    // A crawler and a prefetch are sent on too, and count nothing.
    expect((await redirectOf({ ip: "192.0.2.50", ua: googlebot })).status).toBe(302);
    expect((await redirectOf({ ...person, headers: { "sec-purpose": "prefetch" } })).location).toBe(
      click.location,
    );
    await site.app.visits.flush();
    const report = await readInsights(site.services.db, "7d", today());
    expect(report.totals.conversions).toBe(1);
    expect(report.tables["source-conversions"].rows).toContainEqual(
      expect.objectContaining({ label: "LinkedIn", value: 1 }),
    );
    expect(report.tables["landing-conversions"].rows).toContainEqual(
      expect.objectContaining({ label: "/services", value: 1 }),
    );
  });

  it("counts a visitor's booking clicks once a day: 100 clicks are one conversion, on any instance", async () => {
    await clearVisits();
    const person = { ip: "203.0.113.51", ua: browser(51) };
    const other = { ip: "203.0.113.52", ua: browser(52) };
    expect(await visit(site.url, "/booking", person)).toBe(200);
    for (let click = 0; click < 100; click++) {
      expect(await visit(site.url, "/booking/go", person)).toBe(302);
    }
    expect(await visit(site.url, "/booking/go", other)).toBe(302);
    // Another instance on the same database knows the visitor has been counted today.
    const second = await startSiteInstance(site, database.url, {
      visits: { now, flushMs: 3_600_000 },
    });
    try {
      expect(await visit(second.url, "/booking/go", person)).toBe(302);
    } finally {
      await second.close();
    }
    await site.app.visits.flush();
    const report = await readInsights(site.services.db, "7d", today());
    expect(report.totals.conversions).toBe(2);
    expect(report.tables["landing-conversions"].rows).toContainEqual(
      expect.objectContaining({ label: "/booking", value: 1 }),
    );
    // The visitors noted are hashes of today's salt only.
    const noted = await site.services.db
      .selectFrom("visit_conversion_visitors")
      .selectAll()
      .execute();
    expect(noted).toHaveLength(2);
    expect(noted.every((row) => row.day === today() && row.kind === "booking")).toBe(true);
  });

  it("lists a source's aliases as one row and splits conversions by kind, with numbers as numbers in the CSV", async () => {
    await clearVisits();
    const who = (n: number, referer?: string) => ({
      ip: `203.0.113.${100 + n}`,
      ua: browser(100 + n),
      ...(referer ? { referer } : {}),
    });
    const [feed, short, tagged] = [
      who(1, "https://www.linkedin.com/feed/"),
      who(2, "https://lnkd.in/x1"),
      who(3),
    ];
    expect(await visit(site.url, "/", feed)).toBe(200);
    expect(await visit(site.url, "/about", short)).toBe(200);
    expect(await visit(site.url, "/services?utm_source=linkedin", tagged)).toBe(200);
    expect(await visit(site.url, "/", who(4, "https://t.co/abc"))).toBe(200);
    expect(await visit(site.url, "/blog?utm_source=x.com", who(5))).toBe(200);
    expect(await visit(site.url, "/blog", who(6, "https://m.facebook.com/"))).toBe(200);
    expect(await visit(site.url, "/?utm_source=fb", who(7))).toBe(200);
    expect(await visit(site.url, "/", who(8, "https://www.google.com/"))).toBe(200);
    expect(await visit(site.url, "/about?utm_source=google", who(9))).toBe(200);
    // One contact message and two booking clicks, all from LinkedIn.
    const contact = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: site.url,
        "x-forwarded-for": feed.ip,
        "user-agent": feed.ua,
        // The form shown a while ago: a person's message, not one held for its speed.
        cookie: serializeFormShownCookie(
          await getFormSecret(site.services.db),
          Date.now() - 20_000,
          false,
        ).split(";")[0] as string,
      },
      body: JSON.stringify({
        name: "Ann Lee",
        email: "ann.aliases@example.com",
        message: "We would like to talk about our network.",
        website: "",
      }),
    });
    expect(contact.status).toBe(201);
    expect(await visit(site.url, "/booking/go", short)).toBe(302);
    expect(await visit(site.url, "/booking/go", tagged)).toBe(302);
    await site.app.visits.flush();

    const report = await readInsights(site.services.db, "7d", today());
    const rows = (name: keyof typeof report.tables) =>
      report.tables[name].rows.map((row) => [row.label, row.value]);
    expect(report.tables["source-conversions"].rows.map((row) => row.label).sort()).toEqual([
      "Facebook",
      "Google",
      "LinkedIn",
      "X (Twitter)",
    ]);
    expect(rows("referrers")).toEqual([
      ["Direct / none", 4],
      ["LinkedIn", 2],
      ["Facebook", 1],
      ["Google", 1],
      ["X (Twitter)", 1],
    ]);
    const linkedin = report.tables["source-conversions"].rows.find(
      (row) => row.label === "LinkedIn",
    );
    expect(linkedin).toEqual({
      label: "LinkedIn",
      detail: "3 of 3 visits: 1 contact message, 2 booking clicks",
      value: 3,
      figures: [3, 1, 0, 2],
      share: 1,
    });
    expect(report.totals.conversions).toBe(3);
    expect(report.conversions.current).toEqual({ contact: 1, newsletter: 0, booking: 2 });
    expect(rows("conversions")).toEqual([
      ["Contact messages", 1],
      ["Newsletter sign-ups", 0],
      ["Booking clicks", 2],
    ]);

    // The downloads: a heading names each column's unit, every figure is a bare number.
    const cookie = await logInCookie(site);
    const csv = async (table: string) => {
      const answer = await fetch(`${site.url}/admin/insights/export.csv?table=${table}&period=7d`, {
        headers: { cookie },
      });
      expect(answer.status).toBe(200);
      return (await answer.text())
        .trimEnd()
        .split("\r\n")
        .map((line) => line.split(","));
    };
    const sources = await csv("source-conversions");
    expect(sources[0]).toEqual([
      "Source",
      "Conversions",
      "Visits",
      "Contact messages",
      "Newsletter sign-ups",
      "Booking clicks",
      "Rate (%)",
    ]);
    expect(sources).toContainEqual(["LinkedIn", "3", "3", "1", "0", "2", "100.0"]);
    const pages = await csv("pages");
    expect(pages[0]).toEqual(["Page", "Views", "Visitors"]);
    expect(pages).toContainEqual(["/", "4", "4"]);
    expect(await csv("conversions")).toEqual([
      ["Kind", "Conversions", "Period before"],
      ["Contact messages", "1", "0"],
      ["Newsletter sign-ups", "0", "0"],
      ["Booking clicks", "2", "0"],
    ]);
    for (const table of [
      "pages",
      "entries",
      "referrers",
      "source-conversions",
      "landing-conversions",
    ]) {
      for (const line of (await csv(table)).slice(1)) {
        expect(
          line.slice(1).every((cell) => /^\d+(\.\d+)?$/.test(cell)),
          `${table}: ${line}`,
        ).toBe(true);
      }
    }
  });

  it("counts a crawler that hides its name by its pace, and takes back what it had counted", async () => {
    await clearVisits();
    const hidden = { ip: "192.0.2.77", ua: browser(77) };
    const person = { ip: "192.0.2.78", ua: browser(78) };
    expect(await visit(site.url, "/about", person)).toBe(200);
    for (let page = 0; page < 130; page++) {
      await visit(site.url, `/about?n=${page}`, { ...hidden, referer: `${site.url}/` });
    }
    await site.app.visits.flush();
    const report = await readInsights(site.services.db, "7d", today());
    expect(report.totals).toMatchObject({ visitors: 1, views: 1 });
  });

  it("records the visit that brought a contact message: landing page, referrer, campaign, pages", async () => {
    await clearVisits();
    const who = { ip: "203.0.113.21", ua: browser(21) };
    await visit(site.url, `/blog/${article?.id}?utm_source=linkedin&utm_campaign=launch`, {
      ...who,
      referer: "https://www.linkedin.com/",
    });
    await visit(site.url, "/about.data", { ...who, referer: `${site.url}/blog/${article?.id}` });
    await visit(site.url, "/contact", who);
    const response = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: site.url,
        "x-forwarded-for": who.ip,
        "user-agent": who.ua,
      },
      body: JSON.stringify({
        name: "Ann Lee",
        email: "ann.insights@example.com",
        message: "We would like to talk about our network.",
      }),
    });
    expect(response.status).toBe(201);
    const row = await site.services.db
      .selectFrom("contact_messages")
      .select("visit_attribution")
      .where("email", "=", "ann.insights@example.com")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.visit_attribution ?? "null")).toEqual({
      landingPage: `/blog/${article?.id}`,
      referrerHost: "linkedin.com",
      source: "linkedin",
      medium: "",
      campaign: "launch",
      pagesBefore: [`/blog/${article?.id}`, "/about", "/contact"],
      pageCount: 3,
    });
  });

  it("adds up two instances on one database", async () => {
    await clearVisits();
    const second = await startSiteInstance(site, database.url, {
      visits: { now, flushMs: 3_600_000 },
    });
    try {
      const v1 = { ip: "203.0.113.31", ua: browser(31) };
      const v2 = { ip: "203.0.113.32", ua: browser(32) };
      expect(await visit(site.url, "/", { ...v1, referer: "https://news.example.org/" })).toBe(200);
      expect(await visit(second.url, "/about", v1)).toBe(200);
      expect(await visit(second.url, "/", v2)).toBe(200);
      expect(await visit(site.url, "/services", v2)).toBe(200);
      await Promise.all([site.app.visits.flush(), second.app.visits.flush()]);
      const report = await readInsights(site.services.db, "7d", today());
      expect(report.totals).toMatchObject({ visitors: 2, views: 4 });
      expect(report.tables.pages.rows.find((row) => row.label === "/")?.value).toBe(2);
      const pages = await site.services.db
        .selectFrom("visit_entries")
        .select("pages")
        .orderBy("pages")
        .execute();
      expect(pages.map((row) => row.pages)).toEqual([2, 2]);
    } finally {
      await second.close();
    }
  });

  it("makes the same visitor new the next day, forgets the old salt, and stores no address or browser string", async () => {
    await clearVisits();
    const who = { ip: "203.0.113.41", ua: browser(41) };
    const firstDay = today();
    expect(await visit(site.url, "/about", who)).toBe(200);
    await site.app.visits.flush();
    clock += day;
    expect(await visit(site.url, "/about", who)).toBe(200);
    await site.app.visits.flush();
    const entries = await site.services.db
      .selectFrom("visit_entries")
      .select(["day", "visitor"])
      .orderBy("day")
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries[0]?.day).toBe(firstDay);
    expect(entries[1]?.day).toBe(today());
    expect(entries[0]?.visitor).not.toBe(entries[1]?.visitor);
    const salts = await site.services.db.selectFrom("visit_salts").select("day").execute();
    expect(salts.map((salt) => salt.day)).not.toContain(firstDay);

    const everything = JSON.stringify(await exportData(site.services.db));
    // (A contact message keeps its sender's browser string, as before: its visitor's is not listed.)
    for (const raw of ["203.0.113.41", "203.0.113.11", "203.0.113.21", "Tabby/41", "TabbyBot"]) {
      expect(everything).not.toContain(raw);
    }
    if (kind.name === "sqlite") {
      const file = database.url.slice("file:".length);
      const bytes = [file, `${file}-wal`].map((path) => {
        try {
          return readFileSync(path).toString("latin1");
        } catch {
          return "";
        }
      });
      for (const raw of ["203.0.113.41", "Tabby/41"]) {
        expect(bytes.join("")).not.toContain(raw);
      }
    }
  });
});
