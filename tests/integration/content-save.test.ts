// Saving content over HTTP against the built site and a real database: admin only, same-origin
// JSON, validation, sections merged as a new revision, 409 on a stale If-Match, rich text
// sanitized, and the public pages showing the save at once. Also checks that public pages never
// load the editor's code.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import type { SiteContent } from "~/features/content/schema";
import { findPageScripts, findStaticImports, measurePage } from "../../scripts/js-budget.ts";
import {
  getContent,
  logInCookie,
  postJsonAs,
  resetLoginThrottles,
  sessionIdOf,
} from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

function save(
  site: TestSite,
  content: Partial<SiteContent>,
  options: { cookie?: string; origin?: string | null; ifMatch?: string } = {},
) {
  return postJsonAs(
    site,
    "/api/content",
    { content },
    {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin !== undefined ? { origin: options.origin } : {}),
      headers: options.ifMatch ? { "if-match": options.ifMatch } : {},
    },
  );
}

describe.each(getTestDatabaseKinds())("saving content on $name", (kind) => {
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  beforeEach(async () => {
    await resetLoginThrottles(site);
    cookie = await logInCookie(site);
  });

  it("saves the editor's sections as a new revision; the others and the public pages follow", async () => {
    const before = await getContent(site);
    const general = { ...before.content.general, companyName: "Northwind IT Partners" };
    const hero = { ...before.content.hero, heading1: "<p>Technology, Simplified</p>" };
    const response = await save(
      site,
      {
        general,
        hero,
        about: before.content.about,
        services: before.content.services,
        contact: before.content.contact,
      },
      { cookie, ifMatch: before.etag },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { version: number; content: SiteContent };
    expect(response.headers.get("etag")).toBe(`"${body.version}"`);
    expect(body.content.general.companyName).toBe("Northwind IT Partners");

    const after = await getContent(site);
    expect(after.etag).toBe(`"${body.version}"`);
    expect(after.etag).not.toBe(before.etag);
    expect(after.content.general).toEqual(general);
    expect(after.content.hero).toEqual(hero);
    // Sections not sent stay as they were.
    expect(after.content.cta).toEqual(before.content.cta);
    expect(after.content.legal).toEqual(before.content.legal);

    const revision = await site.services.db
      .selectFrom("content_revisions")
      .select(["id", "author"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(revision).toEqual({ id: body.version, author: testAdmin.email });

    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toContain("Northwind IT Partners");
    expect(home).toContain("Technology, Simplified");
  });

  it("takes any subset of sections and keeps the spec's plain payload working without If-Match", async () => {
    const { content } = await getContent(site);
    const contact = { ...content.contact, phone: "+1 (512) 555-0199" };
    const response = await save(site, { contact }, { cookie });
    expect(response.status).toBe(200);
    expect((await getContent(site)).content.contact.phone).toBe("+1 (512) 555-0199");
  });

  it("refuses a save based on an older version with 409 and stores nothing", async () => {
    const first = await getContent(site);
    const winner = await save(
      site,
      { general: { ...first.content.general, tagline: "Saved in the other tab" } },
      { cookie, ifMatch: first.etag },
    );
    expect(winner.status).toBe(200);
    const stale = await save(
      site,
      { general: { ...first.content.general, tagline: "Saved from a stale editor" } },
      { cookie, ifMatch: first.etag },
    );
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { message: string };
    expect(Object.keys(body)).toEqual(["message"]);
    expect(body.message).toContain("changed by someone else since you loaded it");
    expect((await getContent(site)).content.general.tagline).toBe("Saved in the other tab");

    // A weak ETag or "*" names a version too; a malformed If-Match is bad input.
    const current = await getContent(site);
    const weak = await save(
      site,
      { general: current.content.general },
      {
        cookie,
        ifMatch: `W/${current.etag}`,
      },
    );
    expect(weak.status).toBe(200);
    expect(
      (await save(site, { general: current.content.general }, { cookie, ifMatch: "*" })).status,
    ).toBe(200);
    const malformed = await save(
      site,
      { general: current.content.general },
      {
        cookie,
        ifMatch: "yesterday",
      },
    );
    expect(malformed.status).toBe(400);
  });

  it("requires a signed-in admin: anonymous and expired sessions get 401", async () => {
    const { content } = await getContent(site);
    const change = { general: { ...content.general, tagline: "Should never be stored" } };
    const anonymous = await save(site, change);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      message: "Your session has expired. Please log in again to save your changes.",
    });
    await site.services.db
      .updateTable("admin_sessions")
      .set({ last_seen_at: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString() })
      .execute();
    expect((await save(site, change, { cookie })).status).toBe(401);
    expect((await getContent(site)).content.general.tagline).not.toBe("Should never be stored");
  });

  it("accepts the session as a Bearer token, the spec's token rule", async () => {
    const { content } = await getContent(site);
    const response = await postJsonAs(
      site,
      "/api/content",
      { content: { general: content.general } },
      { headers: { authorization: `Bearer ${sessionIdOf(cookie)}` } },
    );
    expect(response.status).toBe(200);
  });

  it("refuses cross-site saves, even from a signed-in admin's browser", async () => {
    const { content } = await getContent(site);
    const change = { general: { ...content.general, tagline: "Cross-site" } };
    expect((await save(site, change, { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await save(site, change, { cookie, origin: null })).status).toBe(403);
    const sameSite = await postJsonAs(
      site,
      "/api/content",
      { content: change },
      {
        cookie,
        origin: null,
        headers: { "sec-fetch-site": "cross-site" },
      },
    );
    expect(sameSite.status).toBe(403);
    const form = await fetch(`${site.url}/api/content`, {
      method: "POST",
      headers: { cookie, origin: site.url, "content-type": "text/plain" },
      body: JSON.stringify({ content: change }),
    });
    expect(form.status).toBe(415);
    expect((await getContent(site)).content.general.tagline).not.toBe("Cross-site");
  });

  it("answers bad input with 400 and field errors, and changes nothing", async () => {
    const before = await getContent(site);
    const emptyName = await save(
      site,
      { general: { ...before.content.general, companyName: "" } },
      { cookie },
    );
    expect(emptyName.status).toBe(400);
    expect(await emptyName.json()).toEqual({
      message: "Company Name is required",
      errors: { "content.general.companyName": "Company Name is required" },
    });

    const items = before.content.services.items;
    const duplicate = await save(
      site,
      {
        services: {
          ...before.content.services,
          items: [...items, { ...(items[0] as SiteContent["services"]["items"][number]) }],
        },
      },
      { cookie },
    );
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toMatchObject({
      errors: {
        [`content.services.items.${items.length}.title`]: "Another service already has this name",
      },
    });

    const nothing = await save(site, {}, { cookie });
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({
      message: "Nothing to save: name at least one content section",
    });
    const malformed = await fetch(`${site.url}/api/content`, {
      method: "POST",
      headers: { cookie, origin: site.url, "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    const badEmail = await save(
      site,
      { contact: { ...before.content.contact, email: "not an email" } },
      { cookie },
    );
    expect(badEmail.status).toBe(400);
    const tooLarge = await save(
      site,
      { general: { ...before.content.general, description: "x".repeat(1024 * 1024) } },
      { cookie },
    );
    expect(tooLarge.status).toBe(413);
    const put = await fetch(`${site.url}/api/content`, {
      method: "PUT",
      headers: { cookie, origin: site.url, "content-type": "application/json" },
      body: JSON.stringify({ content: { general: before.content.general } }),
    });
    expect(put.status).toBe(405);

    expect(await getContent(site)).toEqual(before);
  });

  it("sanitizes first, then validates: rich text that grows past the limit is a 400 naming the field", async () => {
    const { content, etag } = await getContent(site);
    // 48,000 characters in; "<p></p>" x 16,000 = 112,000 after sanitizing, past the 50,000 limit.
    const response = await save(
      site,
      { about: { ...content.about, content: "<p>".repeat(16_000) } },
      { cookie },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toMatch(/^about\.content: /);
    expect(Object.keys(body.errors)).toEqual(["about.content"]);
    expect((await getContent(site)).etag).toBe(etag);
  });

  it("sanitizes rich text on save and keeps plain text as text; no payload reaches a page as markup", async () => {
    const { content } = await getContent(site);
    const payload =
      '<p>Safe <strong>bold</strong></p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><svg onload="window.__xss=3"></svg><a href="javascript:window.__xss=4">js link</a><a href="data:text/html,<script>alert(1)</script>">data link</a><iframe srcdoc="<script>parent.__xss=5</script>"></iframe><style>body{display:none}</style><p onclick="window.__xss=6" style="color:red">styled</p>';
    const plain = '"><img src=x onerror="window.__xss=7">';
    const response = await save(
      site,
      {
        general: { ...content.general, tagline: plain, description: payload },
        hero: { ...content.hero, heading1: payload, heading2: payload, description: plain },
        about: { ...content.about, content: payload, story: payload },
        services: {
          ...content.services,
          items: content.services.items.map((item, index) =>
            index === 0 ? { ...item, description: payload } : item,
          ),
        },
      },
      { cookie },
    );
    expect(response.status).toBe(200);
    const stored = (await getContent(site)).content;
    const clean = "<p>Safe <strong>bold</strong></p>js linkdata link<p>styled</p>";
    for (const html of [
      stored.general.description,
      stored.hero.heading1,
      stored.hero.heading2,
      stored.about.content,
      stored.about.story,
      stored.services.items[0]?.description,
    ]) {
      expect(html).toBe(clean);
    }
    // Plain text is stored as typed: the pages escape it.
    expect(stored.general.tagline).toBe(plain);
    expect(stored.hero.description).toBe(plain);

    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toContain("Safe <strong>bold</strong>");
    expect(home).not.toMatch(/<img[^>]*onerror/i);
    expect(home).not.toMatch(/<svg[^>]*onload/i);
    expect(home).not.toContain("window.__xss=1</script>");
    expect(home).not.toMatch(/href="(javascript|data):/i);
    expect(home).not.toContain("<iframe");

    // Put the defaults back for the next tests.
    const { general, hero, about, services } = defaultContent;
    expect((await save(site, { general, hero, about, services }, { cookie })).status).toBe(200);
  });

  it("never sends the editor's code to a public page", async () => {
    // Every script the home page loads on first view, followed through its static imports.
    const home = await measurePage(site.url, "/");
    expect(home.files.length).toBeGreaterThan(0);
    expect(home.files.filter((file) => file.editor).map((file) => file.url)).toEqual([]);

    // The editor page does reach TipTap, on demand.
    const editor = await (
      await fetch(`${site.url}/working-editor`, { headers: { cookie } })
    ).text();
    // Its scripts and, through their static imports, every module it loads at once.
    const editorChunks: string[] = [];
    const pending = findPageScripts(editor).map((asset) => new URL(asset, site.url).href);
    const seen = new Set<string>();
    for (let url = pending.pop(); url; url = pending.pop()) {
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await (await fetch(url)).text();
      editorChunks.push(code);
      for (const specifier of findStaticImports(code)) pending.push(new URL(specifier, url).href);
    }
    const lazyChunk = editorChunks
      .flatMap((code) => [...code.matchAll(/["'(/]([\w-]*rich-text-editor[\w-]*\.js)/g)])
      .map((match) => match[1])[0];
    expect(lazyChunk).toBeTruthy();
    const tiptap = await (await fetch(`${site.url}/assets/${lazyChunk}`)).text();
    expect(tiptap).toContain("ProseMirror");
  });
});
