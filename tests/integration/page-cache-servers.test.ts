// The page cache with two real server processes on one database, as a multi-server set-up runs
// them: a save through one is on the very next page of both, and an admin's page is neither kept
// nor ever handed to a visitor. On SQLite and, when available, PostgreSQL (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { getTestDatabaseKinds, type TestDatabase } from "../support/databases";
import { logIn, type SiteProcess, saveAbout, startSiteProcess } from "../support/site-process";
import { testAdmin } from "../support/test-site";

/** Both servers serve one site, as behind a load balancer: one public address. */
const siteUrl = "http://www.clearline.test";

async function getPage(site: SiteProcess, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${path}`, { headers });
  return { response, html: await response.text() };
}

describe.each(getTestDatabaseKinds())("page cache with two servers on $name", (kind) => {
  let database: TestDatabase;
  let first: SiteProcess;
  let second: SiteProcess;

  beforeAll(async () => {
    database = await kind.create();
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      SITE_URL: siteUrl,
    };
    // One after the other: the first one creates the schema.
    first = await startSiteProcess(env);
    second = await startSiteProcess(env);
  }, 60_000);

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.drop();
  });

  it("shows a save made through one server on the very next request to either", async () => {
    for (const site of [first, second]) {
      for (let i = 0; i < 3; i++) {
        const { response, html } = await getPage(site, "/about");
        expect(response.status).toBe(200);
        expect(html).toContain(defaultContent.about.title);
      }
    }
    const cookie = await logIn(first, siteUrl);
    for (const [round, writer] of [first, second, first].entries()) {
      const title = `A Partner You Can Call, Round ${round + 1}`;
      await saveAbout(writer, cookie, title, siteUrl);
      const onSecond = await getPage(second, "/about");
      const onFirst = await getPage(first, "/about");
      expect(onSecond.html).toContain(title);
      expect(onFirst.html).toContain(title);
      expect(onSecond.response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("renders an admin's page fresh and private, and never gives it to a visitor", async () => {
    const cookie = await logIn(second, siteUrl);
    // A visitor first: the page is kept.
    const visitorBefore = await getPage(second, "/services");
    expect(visitorBefore.response.headers.get("content-security-policy")).toContain("'sha256-");
    // The admin gets a page of their own, with a per-request nonce, that no cache may keep.
    const admin = await getPage(second, "/services", { cookie });
    expect(admin.response.headers.get("cache-control")).toBe("private, no-store");
    expect(admin.response.headers.get("content-security-policy")).toContain("'nonce-");
    // The admin's page went to the admin only: visitors still get the kept visitor page.
    for (const site of [second, first]) {
      const visitor = await getPage(site, "/services");
      expect(visitor.response.headers.get("cache-control")).toBe("no-cache");
      expect(visitor.response.headers.get("content-security-policy")).toContain("'sha256-");
      expect(visitor.response.headers.get("etag")).toBe(visitorBefore.response.headers.get("etag"));
      expect(visitor.response.headers.get("etag")).not.toBe(admin.response.headers.get("etag"));
    }
    // An admin first, on a page not yet kept: the visitor after gets a visitor's page.
    const adminFirst = await getPage(first, "/case-studies", {
      cookie: await logIn(first, siteUrl),
    });
    expect(adminFirst.response.headers.get("cache-control")).toBe("private, no-store");
    const visitorAfter = await getPage(first, "/case-studies");
    expect(visitorAfter.response.headers.get("cache-control")).toBe("no-cache");
    expect(visitorAfter.response.headers.get("etag")).not.toBe(
      adminFirst.response.headers.get("etag"),
    );
  });
});
