// The site time zone and the record of scheduled items going live, against the built site and a
// real database (SQLite, and PostgreSQL when available): an unknown zone refused with a clear
// message, a saved zone used by the admin's and the public pages' dates (cached pages refreshed),
// carried by export and import; and a scheduled article going live recorded exactly once, by two
// server instances racing, by a run after a restart, and for an item that came due while no
// server ran.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordScheduledGoLives } from "~/features/publishing/store/go-live.server";
import { createPublication } from "~/features/publishing/store/writes.server";
import { listActivity } from "~/platform/activity/activity.server";
import { exportData, importData } from "~/platform/db/backup/portable-data.server";
import { openDatabase } from "~/platform/db/database.server";
import { readSiteTimeZone } from "~/platform/settings.server";
import { seedDefaults } from "../../server/seed.server";
import { logInCookie, resetLoginThrottles } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { article } from "../support/publications";
import { startTestSite, type TestSite } from "../support/test-site";

const actor = { adminId: null, email: "owner@example.com", address: "127.0.0.1" };

function postSettings(site: TestSite, cookie: string, timeZone: string) {
  return fetch(`${site.url}/admin/settings`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site.url,
      cookie,
    },
    body: new URLSearchParams({ timeZone }),
    redirect: "manual",
  });
}

async function readPage(site: TestSite, path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`, cookie ? { headers: { cookie } } : {});
  expect(response.status).toBe(200);
  return response.text();
}

describe.each(getTestDatabaseKinds())("the site time zone on $name", (kind) => {
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
    // Published at 23:30 UTC: the 16th in London, already the 17th in Berlin.
    await createPublication(
      site.services.db,
      "article",
      article({
        slug: "late-night-post",
        title: "A Late Night Post",
        publishAt: "2026-03-16T23:30:00.000Z",
      }),
      { actor, now: new Date("2026-03-20T00:00:00.000Z") },
    );
  });

  afterAll(async () => {
    await site?.close();
  });

  beforeEach(async () => {
    await resetLoginThrottles(site);
    cookie = await logInCookie(site);
  });

  it("refuses an unknown zone with a 400 and a message that says what to do", async () => {
    const response = await postSettings(site, cookie, "Mars/Olympus_Mons");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Unknown time zone: choose one from the list");
    expect(await readSiteTimeZone(site.services.db)).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it("saves a zone, records it, and shows the admin's and the public pages' dates in it", async () => {
    await postSettings(site, cookie, "Europe/London");
    // Cached now in London time: the article is dated the 16th.
    expect(await readPage(site, "/blog/late-night-post")).toContain("Mar 16, 2026");

    const response = await postSettings(site, cookie, "Europe/Berlin");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Times are now shown in Europe/Berlin");
    expect(await readSiteTimeZone(site.services.db)).toBe("Europe/Berlin");

    // The cached public pages were dropped: the date is Berlin's day now.
    expect(await readPage(site, "/blog/late-night-post")).toContain("Mar 17, 2026");
    expect(await readPage(site, "/blog")).toContain("Mar 17, 2026");
    // The feed keeps its RFC 3339 times in UTC.
    expect(await readPage(site, "/blog/feed.xml")).toContain("2026-03-16T23:30:00.000Z");

    // The admin's list shows the time in Berlin, named.
    expect(await readPage(site, "/admin/articles", cookie)).toContain(
      "Published Mar 17, 2026, 12:30 AM GMT+1",
    );
    const { entries } = await listActivity(site.services.db, { action: "settings-save" });
    expect(entries[0]?.target).toBe("time zone Europe/Berlin");
    expect(entries[0]?.adminEmail).toBe("owner@example.com");
    expect(await readPage(site, "/admin/activity", cookie)).toContain("Times are in Europe/Berlin");
  });

  it("is carried by export and import, with the go-live records", async () => {
    await postSettings(site, cookie, "America/New_York");
    await site.services.db
      .insertInto("publication_go_lives")
      .values({
        kind: "article",
        item_id: "carried",
        publish_at: "2026-01-01T09:00:00.000Z",
        recorded_at: "2026-01-01T09:00:01.000Z",
      })
      .execute();
    const exported = await exportData(site.services.db);
    expect(exported.tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["site_settings", "publication_go_lives"]),
    );

    const target = await kind.create();
    const db = await openDatabase(target.url);
    try {
      await importData(db, JSON.parse(JSON.stringify(exported)));
      expect(await readSiteTimeZone(db)).toBe("America/New_York");
      const carried = await db.selectFrom("publication_go_lives").selectAll().execute();
      expect(carried.map((row) => row.item_id)).toContain("carried");
    } finally {
      await db.destroy();
      await target.drop();
    }
  });
});

describe.each(getTestDatabaseKinds())("scheduled items going live on $name", (kind) => {
  it("is recorded once with its title, by two instances racing and by later runs", async () => {
    const database = await kind.create();
    const first = await openDatabase(database.url);
    await seedDefaults(first);
    // A second instance: its own connection (pool) to the same database.
    const second = await openDatabase(database.url);
    try {
      const savedAt = new Date("2026-05-04T08:00:00.000Z");
      await createPublication(
        first,
        "article",
        article({
          slug: "scheduled-post",
          title: "A Scheduled Post",
          status: "scheduled",
          publishAt: "2026-05-04T09:00:00.000Z",
        }),
        { actor, now: savedAt },
      );
      // Published at once: not a scheduled item, never recorded as one.
      await createPublication(
        first,
        "article",
        article({ slug: "published-now", title: "Published Now", status: "published" }),
        { actor, now: savedAt },
      );

      // Before its time, nothing.
      expect(await recordScheduledGoLives(first, new Date("2026-05-04T08:59:00.000Z"))).toBe(0);

      const due = new Date("2026-05-04T09:00:05.000Z");
      const counts = await Promise.all([
        recordScheduledGoLives(first, due),
        recordScheduledGoLives(second, due),
        recordScheduledGoLives(first, due),
        recordScheduledGoLives(second, due),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
      // A restart (a later run) records nothing again.
      expect(await recordScheduledGoLives(second, new Date("2026-05-05T00:00:00.000Z"))).toBe(0);

      const { entries } = await listActivity(first, { action: "publish-on-schedule" });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        target: "article scheduled-post",
        title: "A Scheduled Post",
        address: "schedule",
        adminEmail: null,
        createdAt: "2026-05-04T09:00:00.000Z",
      });
    } finally {
      await second.destroy();
      await first.destroy();
      await database.drop();
    }
  });

  it("records an item that came due while no server ran at the next start, shown by schedule", async () => {
    const database = await kind.create();
    const db = await openDatabase(database.url);
    await seedDefaults(db);
    await createPublication(
      db,
      "article",
      article({
        slug: "while-down",
        title: "Went Live While Down",
        status: "scheduled",
        publishAt: new Date(Date.now() - 60_000).toISOString(),
      }),
      { actor, now: new Date(Date.now() - 3_600_000) },
    );
    await db.destroy();
    // The next start: the server's background jobs record it.
    const site = await startTestSite(database);
    const jobs = site.site.startBackgroundJobs(site.services);
    try {
      await expect
        .poll(
          async () =>
            (await listActivity(site.services.db, { action: "publish-on-schedule" })).entries
              .length,
        )
        .toBe(1);
      await resetLoginThrottles(site);
      const cookie = await logInCookie(site);
      const page = await readPage(site, "/admin/activity", cookie);
      expect(page).toContain("Published on schedule");
      expect(page).toContain("Went Live While Down");
      expect(page).toContain("article while-down");
      expect(page).toMatch(/>schedule</);
    } finally {
      await jobs.stop();
      await site.close();
    }
  });
});
