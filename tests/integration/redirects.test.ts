// Redirects and missing addresses through the real server: a CSV of 200 rules each answering its
// status and target, bad lines reported and left out, loops and chains refused naming the rule, a
// live page hidden only when confirmed, query and trailing-slash matching (also past a kept page),
// hits counted, 404s of a crawl logged without bots or scanners, and "Redirect it" making the next
// request a 301. Every change in the rules' history and the activity log, and restored from there
// through the same checks as a save. The visitor's query string passed on by rules and renames;
// an import judged line by line; loops through the site's own absolute URL refused; automatic
// redirects listed, removable and named when a rule replaces one; the export imported back as it
// was. SQLite and PostgreSQL.
import { describe, expect, it, vi } from "vitest";
import { postFormAs, sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { article } from "../support/publications";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const browser =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(getTestDatabaseKinds())("redirects on $name", (kind) => {
  let site: TestSite;
  let cookie: string;
  useUploadsSite(kind, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  const visit = (path: string, userAgent = browser) =>
    fetch(`${site.url}${path}`, { redirect: "manual", headers: { "user-agent": userAgent } });

  const post = (intent: string, fields: Record<string, string>) =>
    postFormAs(site, `/admin/redirects?intent=${intent}`, fields, cookie);

  async function screen(query = ""): Promise<string> {
    const response = await fetch(`${site.url}/admin/redirects${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  }

  const ruleCount = async () =>
    Number(
      (
        await site.services.db
          .selectFrom("redirect_rules")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const ruleId = async (source: string) =>
    (
      await site.services.db
        .selectFrom("redirect_rules")
        .select("id")
        .where("source", "=", source)
        .executeTakeFirstOrThrow()
    ).id;

  /** A rule's history, oldest first. */
  const listChanges = (id: number) =>
    site.services.db
      .selectFrom("redirect_changes")
      .select(["action", "before", "after"])
      .where("rule_id", "=", id)
      .orderBy("id")
      .execute();

  it("imports a CSV of 200 redirects, each answering its status and target; bad lines are listed and left out", async () => {
    const targets = ["/services", "/about", "/contact", "https://partner.example.com/offer"];
    const lines = ["From,To,Type"];
    const expected: Array<{ path: string; status: number; location?: string }> = [];
    for (let i = 0; i < 200; i++) {
      const gone = i % 10 === 9;
      const temporary = i % 10 === 4;
      const target = gone ? "" : (targets[i % targets.length] ?? "/");
      const type = gone ? "410" : temporary ? "302" : "301";
      const path = i % 2 ? `/2019/05/old-post-${i}/` : `/?page_id=${1000 + i}`;
      lines.push(`${path},${target},${type}`);
      expected.push({ path, status: Number(type), ...(gone ? {} : { location: target }) });
    }
    // Bad lines: a loop, a status that is no redirect, an address of another kind, a duplicate.
    lines.push("/csv-loop/,/csv-loop,301");
    lines.push("/csv-bad-status,/about,404");
    lines.push("mailto:someone,/about,301");
    lines.push("/2019/05/old-post-1,/blog,301");
    const response = await post("import", { csv: lines.join("\r\n") });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("200 redirects imported; 4 lines left out.");
    expect(html).toMatch(/Line 202: .*loop/);
    expect(html).toMatch(/Line 203: .*404.*is not a redirect status/);
    expect(html).toMatch(/Line 204: .*must start with \//);
    expect(html).toMatch(/Line 205: .*already has a rule/);
    expect(await ruleCount()).toBe(200);

    for (const { path, status, location } of expected) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get("location"), path).toBe(location ?? null);
    }
    const changes = await site.services.db
      .selectFrom("redirect_changes")
      .select("action")
      .where("action", "=", "import")
      .execute();
    expect(changes).toHaveLength(200);
    const activity = await site.services.db
      .selectFrom("admin_activity")
      .select(["target"])
      .where("action", "=", "redirect-import")
      .execute();
    expect(activity.map((entry) => entry.target)).toEqual(["200 redirects"]);
    // 200 addresses rendered once each on import (is any a live page?) and visited once each.
  }, 180_000);

  it("refuses loops and two-hop chains with a message naming the rule", async () => {
    const first = await post("save", { source: "/chain-a", target: "/chain-b", status: "301" });
    expect(first.status).toBe(200);
    const chained = await post("save", { source: "/chain-b", target: "/contact", status: "301" });
    expect(chained.status).toBe(422);
    expect(await chained.text()).toContain(
      "The rule /chain-a → /chain-b (301) points at this address: it would take two hops.",
    );
    const through = await post("save", { source: "/chain-z", target: "/chain-a/", status: "302" });
    expect(through.status).toBe(422);
    expect(await through.text()).toContain(
      "/chain-a/ is itself redirected by the rule /chain-a → /chain-b (301)",
    );
    const loop = await post("save", { source: "/self/", target: "/SELF", status: "301" });
    expect(loop.status).toBe(422);
    expect(await loop.text()).toContain("a loop");
    expect((await visit("/chain-b")).status).toBe(404);
  });

  it("hides a live page only when the owner confirms, and drops the kept copy", async () => {
    expect((await visit("/terms-of-service")).status).toBe(200);
    const refused = await post("save", {
      source: "/terms-of-service/",
      target: "/privacy-policy",
      status: "301",
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("is a live page of the site");
    expect((await visit("/terms-of-service")).status).toBe(200);
    const confirmed = await post("save", {
      source: "/terms-of-service/",
      target: "/privacy-policy",
      status: "301",
      confirmShadow: "on",
    });
    expect(confirmed.status).toBe(200);
    const moved = await visit("/terms-of-service");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/privacy-policy");
  });

  it("matches a query past the kept home page, and trailing slashes in one hop; counts hits", async () => {
    expect((await visit("/")).status).toBe(200);
    expect(site.pageCache?.holds("/")).toBe(true);
    const saved = await post("save", { source: "/?p=7", target: "/services", status: "301" });
    expect(saved.status).toBe(200);
    // The pair the rule matched on stays behind; the campaign's go along.
    for (const [path, location] of [
      ["/?p=7", "/services"],
      ["/?utm_source=x&p=7", "/services?utm_source=x"],
    ] as const) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get("location")).toBe(location);
    }
    expect((await visit("/?p=8")).status).toBe(200);
    expect((await visit("/")).status).toBe(200);
    const slashed = await visit("/2019/05/old-post-1/");
    expect(slashed.status).toBe(301);
    expect(slashed.headers.get("location")).toBe("/about");
    await visit("/2019/05/old-post-1");

    // The screen writes this process's counts before it reads them.
    const html = await screen();
    expect(html).toContain("/2019/05/old-post-1");
    const rules = await site.services.db
      .selectFrom("redirect_rules")
      .select(["source", "hits", "last_hit_at"])
      .where("source", "in", ["/2019/05/old-post-1", "/?p=7"])
      .orderBy("source")
      .execute();
    expect(rules.map((rule) => [rule.source, Number(rule.hits)])).toEqual([
      ["/2019/05/old-post-1", 3],
      ["/?p=7", 2],
    ]);
    expect(rules.every((rule) => rule.last_hit_at)).toBe(true);
  });

  it("logs the 404s of a crawl with counts, bots and scanners left out, and Redirect it makes the next request a 301", async () => {
    for (let i = 0; i < 3; i++) expect((await visit("/crawl/lost-page")).status).toBe(404);
    expect((await visit("/crawl/other-page/")).status).toBe(301);
    expect((await visit("/crawl/other-page")).status).toBe(404);
    for (let i = 0; i < 4; i++) await visit("/crawl/bot-only", googlebot);
    await visit("/wp-admin/install.php");
    await visit("/crawl/.env");
    await visit("/blog/no-such-article");

    // A miss is counted once its answer has gone out, which can be just after the visitor has it.
    const html = await vi.waitFor(async () => {
      const page = await screen();
      expect(page.slice(page.indexOf('aria-label="Missing addresses"'))).toContain(
        "/blog/no-such-article",
      );
      return page;
    });
    const missing = html.slice(html.indexOf('aria-label="Missing addresses"'));
    expect(missing).toMatch(/\/crawl\/lost-page<\/span>.*?3<!-- --> <!-- -->visits/s);
    expect(missing).toContain("/crawl/other-page");
    expect(missing).toContain("/blog/no-such-article");
    expect(missing).not.toContain("bot-only");
    expect(missing).not.toContain("wp-admin");
    expect(missing).not.toContain(".env");
    expect(missing.indexOf("/crawl/lost-page")).toBeLessThan(missing.indexOf("/crawl/other-page"));
    expect(html).toContain('href="/admin/redirects?source=%2Fcrawl%2Flost-page#rule-form"');

    const form = await fetch(`${site.url}/admin/redirects?source=%2Fcrawl%2Flost-page`, {
      headers: { cookie },
    });
    expect(await form.text()).toMatch(/name="source"[^>]*value="\/crawl\/lost-page"/);
    expect(
      (await post("save", { source: "/crawl/lost-page", target: "/contact", status: "301" }))
        .status,
    ).toBe(200);
    const next = await visit("/crawl/lost-page");
    expect(next.status).toBe(301);
    expect(next.headers.get("location")).toBe("/contact");
    const after = await screen();
    expect(after.slice(after.indexOf('aria-label="Missing addresses"'))).not.toContain(
      "/crawl/lost-page</span>",
    );
  });

  it("answers bad input with a clear 4xx, records every rule change, and deletes", async () => {
    const bad = await post("save", { source: "/x", target: "javascript:alert(1)", status: "301" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The target must be a path of this site");
    expect((await post("save", { source: "/admin", target: "/", status: "301" })).status).toBe(422);
    expect((await post("save", { source: "/x", target: "/", status: "307" })).status).toBe(400);
    expect((await post("import", { csv: "" })).status).toBe(400);

    const added = await post("save", { source: "/gone-page", target: "", status: "410" });
    expect(added.status).toBe(200);
    const gone = await visit("/gone-page");
    expect(gone.status).toBe(410);
    const rule = { id: await ruleId("/gone-page") };
    const edited = await post("save", {
      id: String(rule.id),
      source: "/gone-page",
      target: "/about",
      status: "302",
    });
    expect(edited.status).toBe(200);
    expect((await visit("/gone-page")).headers.get("location")).toBe("/about");
    expect((await post("delete", { id: String(rule.id) })).status).toBe(200);
    expect((await visit("/gone-page")).status).toBe(404);
    expect((await post("delete", { id: String(rule.id) })).status).toBe(404);

    const changes = await listChanges(rule.id);
    expect(changes.map((change) => change.action)).toEqual(["add", "edit", "delete"]);
    expect(JSON.parse(changes[1]?.before ?? "{}")).toMatchObject({ status: 410 });
    expect(JSON.parse(changes[1]?.after ?? "{}")).toMatchObject({ status: 302, target: "/about" });
    const actions = await site.services.db
      .selectFrom("admin_activity")
      .select("action")
      .where("target", "like", "/gone-page%")
      .orderBy("id")
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      "redirect-add",
      "redirect-edit",
      "redirect-delete",
    ]);
  });

  /** The newest change of the rule at a source (or of an import's, by action). */
  async function latestChange(where: { source?: string; action?: string }) {
    let query = site.services.db.selectFrom("redirect_changes").select(["id", "rule_id"]);
    if (where.source) {
      const rule = await site.services.db
        .selectFrom("redirect_changes")
        .select("rule_id")
        .where((eb) =>
          eb.or([
            eb("after", "like", `%"${where.source}"%`),
            eb("before", "like", `%"${where.source}"%`),
          ]),
        )
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      query = query.where("rule_id", "=", rule.rule_id);
    }
    if (where.action) query = query.where("action", "=", where.action);
    const change = await query.orderBy("id", "desc").executeTakeFirstOrThrow();
    return String(change.id);
  }

  it("restores a delete, an edit and an add, each a change of its own in the history and the activity log", async () => {
    const added = await post("save", { source: "/?restore=1", target: "/about", status: "301" });
    expect(added.status).toBe(200);
    const addChange = await latestChange({ source: "/?restore=1" });
    const rule = { id: await ruleId("/?restore=1") };
    const edit = { id: String(rule.id), source: "/?restore=1", target: "/contact", status: "302" };
    expect((await post("save", edit)).status).toBe(200);
    const editChange = await latestChange({ source: "/?restore=1" });
    expect((await post("delete", { id: String(rule.id) })).status).toBe(200);
    const deleteChange = await latestChange({ source: "/?restore=1" });
    // The home page is kept; a restored query rule must still answer past it.
    expect((await visit("/?restore=1")).status).toBe(200);
    expect(site.pageCache?.holds("/")).toBe(true);

    const undeleted = await post("restore", { change: deleteChange });
    expect(undeleted.status).toBe(200);
    expect(await undeleted.text()).toContain("Restored: /?restore=1 → /contact (302).");
    const back = await visit("/?restore=1");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/contact");

    expect((await post("restore", { change: editChange })).status).toBe(200);
    const unedited = await visit("/?restore=1");
    expect(unedited.status).toBe(301);
    expect(unedited.headers.get("location")).toBe("/about");

    const unadded = await post("restore", { change: addChange });
    expect(unadded.status).toBe(200);
    expect(await unadded.text()).toContain(
      "Restored: the redirect from /?restore=1 was taken out.",
    );
    expect((await visit("/?restore=1")).status).toBe(200);
    const again = await post("restore", { change: addChange });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Nothing to restore");

    const changes = await listChanges(rule.id);
    expect(changes.map((change) => change.action)).toEqual([
      "add",
      "edit",
      "delete",
      "restore",
      "restore",
      "restore",
    ]);
    expect(changes.at(-1)?.after).toBeNull();
    const activity = await site.services.db
      .selectFrom("admin_activity")
      .select("target")
      .where("action", "=", "redirect-restore")
      .orderBy("id")
      .execute();
    expect(activity.map((entry) => entry.target)).toEqual([
      "/?restore=1 → /contact (302)",
      "/?restore=1 → /about (301)",
      "/?restore=1 → /about (301)",
    ]);
    const html = await screen();
    expect(html).toContain("Took out /?restore=1 → /about (301)");
    const history = await fetch(`${site.url}/admin/history?kind=redirects`, {
      headers: { cookie },
    });
    expect(history.status).toBe(200);
    const listed = await history.text();
    expect(listed).toContain("Took out /?restore=1 → /about (301)");
    expect(listed).toContain('href="/admin/redirects#changes"');
    expect(html).toMatch(
      /aria-label="Restore as before: Restored \/\?restore=1 → \/about \(301\)"/,
    );
  });

  it("restores an import as a whole, and refuses a restore that would loop, hide a live page or name no change", async () => {
    const imported = await post("import", {
      csv: "source,target\n/restore-import-1,/about\n/restore-import-2,/contact",
    });
    expect(await imported.text()).toContain("2 redirects imported.");
    expect((await screen()).includes("Imported 2 redirects")).toBe(true);
    const importChange = await latestChange({ action: "import" });
    const undone = await post("restore", { change: importChange });
    expect(undone.status).toBe(200);
    expect(await undone.text()).toContain("Restored: the 2 imported redirects were taken out.");
    for (const path of ["/restore-import-1", "/restore-import-2"]) {
      expect((await visit(path)).status, path).toBe(404);
    }
    expect((await post("restore", { change: importChange })).status).toBe(409);

    expect(
      (await post("save", { source: "/loop-x", target: "/loop-y", status: "301" })).status,
    ).toBe(200);
    const rule = { id: await ruleId("/loop-x") };
    expect((await post("delete", { id: String(rule.id) })).status).toBe(200);
    const deleteChange = await latestChange({ source: "/loop-x" });
    expect(
      (await post("save", { source: "/loop-y", target: "/loop-x", status: "301" })).status,
    ).toBe(200);
    const loop = await post("restore", { change: deleteChange });
    expect(loop.status).toBe(422);
    const loopHtml = await loop.text();
    expect(loopHtml).toContain("Not restored");
    expect(loopHtml).toContain("would send visitors round in a loop");
    expect((await visit("/loop-x")).status).toBe(404);

    expect((await visit("/case-studies")).status).toBe(200);
    const hide = { source: "/case-studies", target: "/about", status: "301", confirmShadow: "on" };
    expect((await post("save", hide)).status).toBe(200);
    const hidden = { id: await ruleId("/case-studies") };
    expect((await post("delete", { id: String(hidden.id) })).status).toBe(200);
    const shadow = await post("restore", {
      change: await latestChange({ source: "/case-studies" }),
    });
    expect(shadow.status).toBe(409);
    expect(await shadow.text()).toContain("/case-studies is a live page of the site");
    expect((await visit("/case-studies")).status).toBe(200);

    expect((await post("restore", { change: "999999" })).status).toBe(404);
    expect((await post("restore", { change: "abc" })).status).toBe(400);
    expect((await post("restore", {})).status).toBe(400);
    const restores = await site.services.db
      .selectFrom("admin_activity")
      .select("target")
      .where("action", "=", "redirect-restore")
      .where("target", "=", "2 imported redirects")
      .execute();
    expect(restores).toHaveLength(1);
  });

  const campaign = "utm_source=news&utm_campaign=x";

  /** Renames an article through the API: its old address becomes an automatic redirect. */
  async function renameArticle(slug: string, to: string) {
    const input = article({ slug, title: `Article ${slug}` });
    const created = await sendJsonAs(site, "POST", "/api/admin/articles", input, { cookie });
    expect(created.status).toBe(201);
    const renamed = await sendJsonAs(
      site,
      "PUT",
      `/api/admin/articles/${slug}`,
      { ...input, slug: to },
      { cookie, headers: { "if-match": created.headers.get("etag") ?? "" } },
    );
    expect(renamed.status).toBe(200);
  }

  it("passes the visitor's query string on, through a rule and a rename's 301; a ticked rule drops it", async () => {
    expect(
      (await post("save", { source: "/spring-offer", target: "/services", status: "301" })).status,
    ).toBe(200);
    const kept = await visit(`/spring-offer?${campaign}`);
    expect(kept.status).toBe(301);
    expect(kept.headers.get("location")).toBe(`/services?${campaign}`);

    // The rule's own query wins on a clash.
    const own = { source: "/own-query", target: "/contact?utm_source=site#form", status: "302" };
    expect((await post("save", own)).status).toBe(200);
    expect((await visit(`/own-query?${campaign}`)).headers.get("location")).toBe(
      "/contact?utm_source=site&utm_campaign=x#form",
    );

    const ticked = { source: "/no-query", target: "/about", status: "301", dropQuery: "on" };
    expect((await post("save", ticked)).status).toBe(200);
    expect((await visit(`/no-query?${campaign}`)).headers.get("location")).toBe("/about");
    const html = await screen("?q=no-query");
    expect(html).toContain("Query left off");

    await renameArticle("query-old-slug", "query-new-slug");
    const renamed = await visit(`/blog/query-old-slug?${campaign}`);
    expect(renamed.status).toBe(301);
    expect(renamed.headers.get("location")).toBe(`/blog/query-new-slug?${campaign}`);
  });

  it("judges each imported line against the stored rules and the lines accepted before it, never a refused one", async () => {
    expect((await visit("/booking")).status).toBe(200);
    const csv = [
      "source,target,status",
      // Refused: a live page, which only the form may hide.
      "/booking,/contact,301",
      // Three good lines to the refused line's address: one hop each, as it was never imported.
      "/book-a-call,/booking,301",
      "/booking.html,/booking,301",
      "/calendar/book,/booking,301",
    ].join("\n");
    const answer = await post("import", { csv });
    const html = await answer.text();
    expect(html).toContain("3 redirects imported; 1 line left out.");
    expect(html).toMatch(/Line 2: \/booking is a live page/);
    for (const path of ["/book-a-call", "/booking.html", "/calendar/book"]) {
      const moved = await visit(path);
      expect(moved.status, path).toBe(301);
      expect(moved.headers.get("location"), path).toBe("/booking");
    }

    // A line behind an accepted one is still two hops.
    const chained = await post("import", {
      csv: "source,target\n/chain-import-1,/chain-import-2\n/chain-import-2,/contact",
    });
    const chainedHtml = await chained.text();
    expect(chainedHtml).toContain("1 redirect imported; 1 line left out.");
    expect(chainedHtml).toMatch(
      /Line 3: The rule \/chain-import-1 → \/chain-import-2 \(301\) points at this address/,
    );
  });

  it("reads the site's own absolute URL as a path: loops and a rule to itself through it are refused", async () => {
    const { host, port } = new URL(site.url);
    // The address the screen was reached by, and SITE_URL's (localhost here), www. or not.
    const own = [`https://localhost`, `http://www.localhost:${port}`, `https://${host}`];
    expect(
      (await post("save", { source: "/own-a", target: `${own[0]}/own-b`, status: "301" })).status,
    ).toBe(200);
    // Kept as the path, so the visitor stays on the host they came by.
    expect((await visit("/own-a")).headers.get("location")).toBe("/own-b");
    const loop = await post("save", { source: "/own-b", target: `${own[1]}/own-a`, status: "301" });
    expect(loop.status).toBe(422);
    expect(await loop.text()).toContain("would send visitors round in a loop");
    const itself = await post("save", {
      source: "/own-c",
      target: `${own[2]}/own-c`,
      status: "301",
    });
    expect(itself.status).toBe(422);
    expect(await itself.text()).toContain("would send the address to itself: a loop");

    const imported = await post("import", {
      csv: `source,target\n/own-d,${own[0]}/own-e\n/own-e,${own[1]}/own-d\n/own-f,${own[2]}/own-f/`,
    });
    const html = await imported.text();
    expect(html).toContain("1 redirect imported; 2 lines left out.");
    expect(html).toMatch(/Line 3: .*(loop|two hops)/);
    expect(html).toMatch(/Line 4: .*a loop/);
  });

  it("lists the automatic redirects of renames, removable; a rule or an import that replaces one says so", async () => {
    await renameArticle("auto-old-slug", "auto-new-slug");
    const created = await sendJsonAs(
      site,
      "POST",
      "/api/admin/pages",
      {
        slug: "auto-old-page",
        status: "published",
        publishAt: "",
        title: "Auto page",
        blocks: [],
        seoDescription: "",
      },
      { cookie },
    );
    expect(created.status).toBe(201);
    const moved = await sendJsonAs(
      site,
      "PUT",
      "/api/admin/pages/auto-old-page",
      {
        slug: "auto-new-page",
        status: "published",
        publishAt: "",
        title: "Auto page",
        blocks: [],
        seoDescription: "",
      },
      { cookie, headers: { "if-match": created.headers.get("etag") ?? "" } },
    );
    expect(moved.status).toBe(200);
    const html = await screen();
    const table = html.slice(html.indexOf("All redirects"));
    expect(table).toContain("/blog/auto-old-slug");
    expect(table).toContain("/auto-old-page");
    expect(table).toMatch(
      /\/auto-old-page<\/td><td[^>]*>\/auto-new-page<\/td><td[^>]*>301.*?Automatic/s,
    );
    expect(table).toContain('aria-label="Remove the automatic redirect from /auto-old-page"');

    const replacing = await post("save", {
      source: "/blog/auto-old-slug",
      target: "/blog",
      status: "301",
    });
    expect(replacing.status).toBe(200);
    expect(await replacing.text()).toContain(
      "It replaces the automatic redirect /blog/auto-old-slug → /blog/auto-new-slug.",
    );
    expect(await screen()).toMatch(
      /Not in use: your rule for (<!-- -->)?\/blog\/auto-old-slug(<!-- -->)? answers first/,
    );
    const imported = await post("import", { csv: "source,target\n/auto-old-page,/about" });
    const importHtml = await imported.text();
    expect(importHtml).toContain("1 redirect imported. 1 replaces an automatic redirect.");
    expect(importHtml).toContain(
      "Line 2: It replaces the automatic redirect /auto-old-page → /auto-new-page.",
    );
    expect((await visit("/auto-old-page")).headers.get("location")).toBe("/about");
    expect((await post("delete", { id: String(await ruleId("/auto-old-page")) })).status).toBe(200);
    expect((await visit("/auto-old-page")).headers.get("location")).toBe("/auto-new-page");

    const removed = await post("delete-automatic", { kind: "page", oldId: "auto-old-page" });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain(
      "The automatic redirect from /auto-old-page was removed",
    );
    expect((await visit("/auto-old-page")).status).toBe(404);
    expect((await post("delete-automatic", { kind: "page", oldId: "auto-old-page" })).status).toBe(
      404,
    );
    expect((await post("delete-automatic", {})).status).toBe(400);
  });

  it("exports the rules as a CSV the import reads back to the same rules", async () => {
    await site.services.db.deleteFrom("redirect_rules").execute();
    const extra: Array<Record<string, string>> = [
      {
        source: "/export-prefix",
        match: "prefix",
        target: "https://partner.example.com/new?ref=site",
        status: "302",
      },
      { source: "/export-gone", target: "", status: "410" },
      { source: "/export-drop", target: "/about", status: "301", dropQuery: "on" },
      { source: "/?export=1", target: "/contact", status: "301" },
    ];
    for (const rule of extra) expect((await post("save", rule)).status, rule.source).toBe(200);
    const download = () => fetch(`${site.url}/admin/redirects/export.csv`, { headers: { cookie } });
    const first = await download();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/csv/);
    const csv = await first.text();
    expect(csv.split("\r\n")[0]).toBe("source,target,status,match,query");
    expect(csv).toContain(
      "/export-prefix,https://partner.example.com/new?ref=site,302,prefix,keep",
    );
    expect(csv).toContain("/export-drop,/about,301,exact,drop");
    const count = await ruleCount();

    await site.services.db.deleteFrom("redirect_rules").execute();
    const imported = await post("import", { csv });
    expect(await imported.text()).toContain(`${count} redirects imported.`);
    expect(await (await download()).text()).toBe(csv);
    // Signed out: the sign-in screen, no rules.
    const signedOut = await fetch(`${site.url}/admin/redirects/export.csv`, { redirect: "manual" });
    expect(signedOut.status).not.toBe(200);
    expect(await signedOut.text()).not.toContain("/export-drop");
  });

  it("imports 5,000 lines against 10,000 rules while a cached page is answered; the screen pages and finds a rule on a later page", async () => {
    const now = new Date().toISOString();
    for (let from = 0; from < 10_000; from += 500) {
      await site.services.db
        .insertInto("redirect_rules")
        .values(
          Array.from({ length: 500 }, (_, n) => ({
            source: `/seeded/${from + n}`,
            match: "exact",
            target: (from + n) % 3 === 0 ? `https://elsewhere.example/${from + n}` : "/contact",
            status: 301,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const csv = [
      "source,target,status,match",
      ...Array.from({ length: 5000 }, (_, n) =>
        n % 10 === 0 ? `/bulk/folder-${n},/services,301,prefix` : `/bulk/${n},/about,301,`,
      ),
    ].join("\n");
    // The cached page, kept before the import starts.
    expect((await visit("/about")).status).toBe(200);
    expect((await visit("/about")).status).toBe(200);
    expect(site.pageCache?.holds("/about")).toBe(true);

    let importing = true;
    const imported = post("import", { csv }).finally(() => {
      importing = false;
    });
    let answeredMeanwhile = 0;
    while (importing) {
      const about = await visit("/about");
      await about.arrayBuffer();
      if (importing && about.status === 200) answeredMeanwhile++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answer = await imported;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("5000 redirects imported");
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(await ruleCount()).toBeGreaterThanOrEqual(15_000);
    expect((await visit("/bulk/42")).headers.get("location")).toBe("/about");
    expect((await visit("/bulk/folder-40/deep")).headers.get("location")).toBe("/services");

    // One page of the rules, however many; a search reaches one on a later page.
    const first = await screen();
    // The whole answer, stylesheets included: the admin links its sheet (cached), never inlines one.
    expect(Buffer.byteLength(first)).toBeLessThan(100_000);
    const styles = [...first.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
    expect(Math.max(0, ...styles.map((css) => css.length))).toBeLessThan(2_000);
    expect(
      first.match(/<link [^>]*rel="stylesheet" href="\/assets\/admin-[^"]+\.css"/g),
    ).toHaveLength(1);
    expect(first.match(/aria-label="Delete the redirect from/g)).toHaveLength(50);
    const total = Math.ceil((await ruleCount()) / 50);
    expect(first).toContain(`Page <!-- -->1<!-- --> of ${total}`);
    expect(first).not.toContain("/seeded/9876<");
    const found = await screen("?q=seeded%2F9876");
    expect(found).toContain("/seeded/9876<");
    expect(found).not.toContain("/seeded/9875<");
    const second = await screen("?page=2");
    expect(second).toContain(`Page <!-- -->2<!-- --> of ${total}`);
    expect(second).toContain('href="/admin/redirects#all-redirects"');
    expect(second).toContain('href="/admin/redirects?page=3#all-redirects"');
    // A save among them is judged by the index: a loop and a chain are still refused.
    const chained = await post("save", { source: "/bulk-new", target: "/seeded/7", status: "301" });
    expect(chained.status).toBe(422);
    const saved = await post("save", { source: "/bulk-new", target: "/about", status: "301" });
    expect(saved.status).toBe(200);
    // The next save meets the rule the last one added.
    const through = { source: "/bulk-newer", target: "/bulk-new", status: "301" };
    expect((await post("save", through)).status).toBe(422);
    const looped = { source: "/about-loop", target: "/bulk-new", status: "301" };
    expect((await post("save", looped)).status).toBe(422);
    expect((await post("save", { ...through, target: "/contact" })).status).toBe(200);
  }, 300_000);

  it("pages and searches the missing addresses", async () => {
    const day = new Date().toISOString().slice(0, 10);
    await site.services.db
      .insertInto("missing_addresses")
      .values(
        Array.from({ length: 60 }, (_, n) => ({ path: `/lost/page-${n}`, day, hits: 100 + n })),
      )
      .execute();
    const html = await screen();
    const missing = html.slice(html.indexOf('aria-label="Missing addresses"'));
    expect(missing).toContain("/lost/page-59<");
    expect(missing).not.toContain("/lost/page-3<");
    expect(html).toMatch(/Page <!-- -->1<!-- --> of \d+/);
    const found = await screen("?missing=page-3");
    const foundList = found.slice(found.indexOf('aria-label="Missing addresses"'));
    expect(foundList).toContain("/lost/page-3<");
    expect(foundList).not.toContain("/lost/page-59<");
    // 25 a page, most asked first: page-3 (103 visits) is on the third.
    const later = await screen("?missingPage=3");
    expect(later.slice(later.indexOf('aria-label="Missing addresses"'))).toContain("/lost/page-3<");
    // A page number past anything a database can skip to is a page past the end, not an error.
    const far = await screen("?page=99999999999999999999&missingPage=1e30");
    expect(far).not.toContain("/lost/page-3<");
  });
});
