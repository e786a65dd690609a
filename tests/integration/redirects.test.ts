// Redirects and missing addresses through the real server: a CSV of 200 rules each answering its
// status and target, bad lines reported and left out, loops and chains refused naming the rule, a
// live page hidden only when confirmed, query and trailing-slash matching (also past a kept page),
// hits counted, 404s of a crawl logged without bots or scanners, and "Redirect it" making the next
// request a 301. Every change in the rules' history and the activity log, and restored from there
// through the same checks as a save. SQLite and PostgreSQL.
import { describe, expect, it, vi } from "vitest";
import { getTestDatabaseKinds } from "../support/databases";
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

  function post(intent: string, fields: Record<string, string>) {
    return fetch(`${site.url}/admin/redirects?intent=${intent}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: site.url,
        cookie,
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
  }

  async function screen(): Promise<string> {
    const response = await fetch(`${site.url}/admin/redirects`, { headers: { cookie } });
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
    for (const path of ["/?p=7", "/?utm_source=x&p=7"]) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get("location")).toBe("/services");
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
});
