// Public HTML revalidation over HTTP: an ETag of what the page shows, 304 when unchanged (without
// a new Content-Security-Policy), a new ETag after a content save, an article change or sign-in.
// Anonymous pages come from the page cache (issue 8): one copy with a hash-based CSP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdminByEmail } from "~/features/admin/admins/admins.server";
import { saveContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { markDataChanged } from "~/platform/data-version.server";
import { createSession, getSessionCookieName } from "~/platform/sessions.server";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

describe.each(getTestDatabaseKinds())("page revalidation on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    return fetch(`${site.url}${path}`, { headers });
  }

  it("sends an ETag with no-cache, the same one for every request of an unchanged page", async () => {
    const first = await get("/blog");
    const second = await get("/blog");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The kept copy is sent again: its policy names its inline scripts by hash, no nonce.
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scriptSources).not.toContain("unsafe-inline");
    expect(scriptSources).not.toContain("nonce-");
    expect(second.headers.get("content-security-policy")).toBe(policy);
    expect(second.headers.get("etag")).toBe(etag);
    // Another view of the page is another page.
    expect((await get("/blog?category=Cybersecurity")).headers.get("etag")).not.toBe(etag);
  });

  it("answers a conditional request for an unchanged page with 304, no body and no new CSP", async () => {
    const etag = (await get("/case-studies")).headers.get("etag") ?? "";
    const response = await get("/case-studies", { "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const stale = await get("/case-studies", { "If-None-Match": 'W/"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("content-security-policy")).toContain("'sha256-");
  });

  it("changes the ETag after a content save, so the page is sent again with the new text", async () => {
    const before = (await get("/blog")).headers.get("etag") ?? "";
    await saveContent(site.services.db, {
      blog: { ...defaultContent.blog, heading: "Insights From Our Consultants" },
    });
    const response = await get("/blog", { "If-None-Match": before });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).not.toBe(before);
    expect(await response.text()).toContain("Insights From Our Consultants");
  });

  it("changes the ETag when an article the page shows changes", async () => {
    const before = (await get("/blog/practical-guide-to-adopting-ai")).headers.get("etag") ?? "";
    const row = await site.services.db
      .selectFrom("articles")
      .select("data")
      .where("id", "=", "practical-guide-to-adopting-ai")
      .executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    await site.services.db
      .updateTable("articles")
      .set({ data: JSON.stringify({ ...data, readTime: "8 min read" }) })
      .where("id", "=", "practical-guide-to-adopting-ai")
      .execute();
    // What every store that writes pages' data does (DESIGN.md section 8).
    await markDataChanged(site.services.db, "articles");
    const response = await get("/blog/practical-guide-to-adopting-ai", { "If-None-Match": before });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("8 min read");
  });

  it("gives a signed-in admin another ETag, kept out of every cache", async () => {
    const admin = await findAdminByEmail(site.services.db, testAdmin.email);
    if (!admin) throw new Error("no test admin");
    const sessionId = await createSession(site.services.db, admin.id);
    const anonymous = await get("/case-studies");
    const signedIn = await get("/case-studies", {
      cookie: `${getSessionCookieName(false)}=${sessionId}`,
      "If-None-Match": anonymous.headers.get("etag") ?? "",
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("etag")).not.toBe(anonymous.headers.get("etag"));
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives a kept page the same shape as a page rendered for one admin (issue 12)", async () => {
    const admin = await findAdminByEmail(site.services.db, testAdmin.email);
    if (!admin) throw new Error("no test admin");
    const sessionId = await createSession(site.services.db, admin.id);
    const path = "/services/it-strategy-consulting";
    await get(path);
    const kept = await get(path);
    // The kept copy: its policy names its scripts by hash (a page rendered for one has a nonce).
    expect(kept.headers.get("content-security-policy")).toContain("'sha256-");
    const streamed = await get(path, { cookie: `${getSessionCookieName(false)}=${sessionId}` });
    expect(streamed.headers.get("cache-control")).toBe("private, no-store");
    expect(streamed.headers.get("content-security-policy")).toContain("'nonce-");
    for (const response of [kept, streamed]) {
      const html = await response.text();
      // The stylesheet inlined, no stylesheet request, no script preloads.
      const stylesheet = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
      expect(stylesheet).toContain("tailwindcss");
      // Only the public pages' classes: not the focal point picker's, which only the media
      // library's Edit image dialog uses.
      expect(stylesheet).not.toContain("cursor-crosshair");
      expect(html).not.toContain('rel="stylesheet"');
      expect(html).not.toContain("modulepreload");
      expect(html).toContain('<script type="application/ld+json">');
      expect(html).toMatch(
        /<meta property="og:image" content="[^"]+\/og\/services\/it-strategy-consulting\.png"/,
      );
    }
  });

  it("never answers a variant address from a kept page: it is a 301 to the canonical one", async () => {
    // Kept now: the second request is a cache hit, answered before Express runs.
    await get("/services");
    expect((await get("/services")).headers.get("content-security-policy")).toContain("'sha256-");
    for (const variant of ["/Services", "/services/", "/SERVICES/?utm_source=mail", "//services"]) {
      const response = await fetch(`${site.url}${variant}`, { redirect: "manual" });
      expect(response.status, variant).toBe(301);
      expect(response.headers.get("location"), variant).toMatch(/^\/services(\?utm_source=mail)?$/);
    }
  });

  it("sends no ETag with a 404 page", async () => {
    const response = await get("/blog/no-such-article");
    expect(response.status).toBe(404);
    expect(response.headers.get("etag")).toBeNull();
  });
});
