// A redirect rule's change keeps the pages every instance holds: each is served again without a
// render unless a rule now takes its own address, which then answers at once on every instance,
// its query rules and its client-side navigations included; a content change still drops them. Two instances on one database, as
// behind nginx: the rules are changed on one, the pages read from the other. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markDataChanged } from "~/platform/data-version.server";
import { logInCookie, postFormAs } from "../support/admin-requests";
import { getTestDatabaseKinds, shareDatabase } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const articlePath = "/blog/practical-guide-to-adopting-ai";

describe.each(getTestDatabaseKinds())("kept pages through rule changes on $name", (kind) => {
  let editing: TestSite;
  let serving: TestSite;
  let cookie: string;

  beforeAll(async () => {
    const database = shareDatabase(await kind.create(), 2);
    editing = await startTestSite(database);
    serving = await startTestSite(database);
    cookie = await logInCookie(editing);
  });

  afterAll(async () => {
    await editing?.close();
    await serving?.close();
  });

  const visit = (path: string) => fetch(`${serving.url}${path}`, { redirect: "manual" });

  const postRules = (intent: string, fields: Record<string, string>) =>
    postFormAs(editing, `/admin/redirects?intent=${intent}`, fields, cookie);

  /** A live page hidden behind a 302, as the owner confirms it on the screen. */
  async function hidePage(source: string, target: string) {
    const fields = { source, target, status: "302", confirmShadow: "on" };
    expect((await postRules("save", fields)).status).toBe(200);
  }

  async function deleteRuleAt(source: string) {
    const rule = await editing.services.db
      .selectFrom("redirect_rules")
      .select("id")
      .where("source", "=", source)
      .executeTakeFirstOrThrow();
    expect((await postRules("delete", { id: String(rule.id) })).status).toBe(200);
  }

  /**
   * Changes the article's read time in the database without telling the caches: a page rendered
   * after this shows it, a page kept from before does not.
   */
  async function changeArticleUnseen(readTime: string) {
    const { db } = editing.services;
    const row = await db
      .selectFrom("articles")
      .select("data")
      .where("id", "=", "practical-guide-to-adopting-ai")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("articles")
      .set({ data: JSON.stringify({ ...JSON.parse(row.data), readTime }) })
      .where("id", "=", "practical-guide-to-adopting-ai")
      .execute();
  }

  it("serves a kept page again without a render after rule changes elsewhere, and hides it while a rule takes its address", async () => {
    const first = await visit(articlePath);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(serving.pageCache?.holds(articlePath)).toBe(true);
    await changeArticleUnseen("99 min read");

    // A rule elsewhere: the other instance answers it, and still sends the kept article.
    const saved = await postRules("save", {
      source: "/2018/old-offer",
      target: "/services",
      status: "301",
    });
    expect(saved.status).toBe(200);
    const moved = await visit("/2018/old-offer");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/services");
    for (let i = 0; i < 3; i++) {
      const kept = await visit(articlePath);
      expect(kept.status).toBe(200);
      expect(kept.headers.get("etag")).toBe(etag);
      expect(await kept.text()).not.toContain("99 min read");
    }

    // An import of many rules, none of them the article's.
    const csv = ["source,target,status", "/a-1,/about,301", "/a-2,/about,302", "/a-3,,410"];
    expect((await postRules("import", { csv: csv.join("\n") })).status).toBe(200);
    expect((await visit("/a-3")).status).toBe(410);
    expect((await visit(articlePath)).headers.get("etag")).toBe(etag);

    // A rule on the article's own address takes it at once, with or without a query.
    await hidePage(articlePath, "/blog");
    for (const [path, location] of [
      [articlePath, "/blog"],
      [`${articlePath}?utm_source=mail`, "/blog?utm_source=mail"],
    ] as const) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location")).toBe(location);
    }

    // Taken out again: the page kept all along answers, still without a render.
    await deleteRuleAt(articlePath);
    const back = await visit(articlePath);
    expect(back.status).toBe(200);
    expect(back.headers.get("etag")).toBe(etag);
    expect(await back.text()).not.toContain("99 min read");

    // A change of what pages show drops them, as before.
    await markDataChanged(editing.services.db, "articles");
    const fresh = await visit(articlePath);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain("99 min read");
  });

  it("answers a new query rule past the other instance's kept page at once, and keeps the page for every other query", async () => {
    expect((await visit("/case-studies")).status).toBe(200);
    expect((await visit("/case-studies?utm_source=x")).status).toBe(200);
    expect(serving.pageCache?.holds("/case-studies")).toBe(true);
    const saved = await postRules("save", {
      source: "/case-studies?page_id=9",
      target: "/about",
      status: "301",
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const moved = await visit("/case-studies?page_id=9&utm_source=x");
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe("/about?utm_source=x");
      expect((await visit("/case-studies?utm_source=x")).status).toBe(200);
      expect((await visit("/case-studies")).status).toBe(200);
    }
  });

  it("takes a page's client-side navigations as it takes the page, on the other instance at once", async () => {
    const navigation = "/privacy-policy.data?_routes=root";
    expect((await visit(navigation)).status).toBe(200);
    await hidePage("/privacy-policy", "/terms-of-service");
    // How React Router's browser code takes a redirect: 204 naming where to go.
    for (const [path, location] of [
      [navigation, "/terms-of-service"],
      ["/privacy-policy.data?utm_source=mail&_routes=root", "/terms-of-service?utm_source=mail"],
    ] as const) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("x-remix-redirect")).toBe(location);
      expect(answer.headers.get("x-remix-status")).toBe("302");
    }
    // The home page's navigation, through a query rule.
    await postRules("save", { source: "/?page_id=3", target: "/services", status: "301" });
    const home = await visit("/_.data?page_id=3&_routes=root");
    expect(home.status).toBe(204);
    expect(home.headers.get("x-remix-redirect")).toBe("/services");
    expect((await visit("/_.data?_routes=root")).status).toBe(200);
    // A removed page is loaded as a document, which says so.
    await postRules("save", { source: "/old-news", target: "", status: "410" });
    const gone = await visit("/old-news.data?_routes=root");
    expect(gone.status).toBe(204);
    expect(gone.headers.get("x-remix-redirect")).toBe("/old-news");
    expect(gone.headers.get("x-remix-reload-document")).toBe("true");
    expect((await visit("/old-news")).status).toBe(410);

    await deleteRuleAt("/privacy-policy");
    expect((await visit(navigation)).status).toBe(200);
  });
});
