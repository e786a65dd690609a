// Client-side navigations from the page cache (issue 15): the loader data a navigation asks for
// (/services.data, /_.data for the home page) is kept and invalidated like its page (data
// version, scheduled expiry), keyed by its page's parameters and React Router's _routes, with its
// own ETag and 304; never kept for a signed-in admin nor for a search nothing matches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdminByEmail } from "~/features/admin/admins/admins.server";
import { saveContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { createPublication } from "~/features/publishing/store/writes.server";
import { commandLineActor } from "~/platform/activity/activity.server";
import { createSession, getSessionCookieName } from "~/platform/sessions.server";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

describe.each(getTestDatabaseKinds())("navigation data from the page cache on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  function get(path: string, headers: Record<string, string> = {}) {
    return fetch(`${site.url}${path}`, { headers });
  }

  function holds(path: string) {
    if (!site.pageCache) throw new Error("the production app has no page cache");
    return site.pageCache.holds(path);
  }

  it("keeps a navigation's data with an ETag, sends it again unchanged and answers 304", async () => {
    const first = await get("/services.data");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("text/x-script");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const body = await first.text();
    expect(body).toContain("Our Services");
    expect(holds("/services.data")).toBe(true);

    const second = await get("/services.data");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(body);

    const revalidated = await get("/services.data", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    // The data and the page are two entries with two ETags.
    expect((await get("/services")).headers.get("etag")).not.toBe(etag);
  });

  it("asks for the home page's data as /_.data, kept like the others", async () => {
    const response = await get("/_.data");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(defaultContent.hero.subtitle);
    expect(holds("/_.data")).toBe(true);
  });

  it("keys the data by the loaders asked for and the page's own parameters, nothing else", async () => {
    const all = await (await get("/blog.data")).text();
    const blogOnly = await (
      await get("/blog.data?_routes=features%2Fpages%2Froutes%2Fblog")
    ).text();
    // A partial load holds the blog's data alone, not the root's.
    expect(all).toContain('"root"');
    expect(blogOnly).not.toContain('"root"');
    expect(blogOnly).toContain(defaultContent.blog.heading);
    expect(holds("/blog.data?_routes=features%2Fpages%2Froutes%2Fblog")).toBe(true);
    // A parameter the blog does not read shares the entry; one it reads is another view.
    const tracked = await get(
      "/blog.data?_routes=features%2Fpages%2Froutes%2Fblog&utm_source=mail",
    );
    expect(await tracked.text()).toBe(blogOnly);
    const filtered = await (await get("/blog.data?category=Cybersecurity")).text();
    expect(filtered).toContain("Six Cybersecurity Essentials");
    // One article listed (the Featured Resources' chosen items come along whatever the filter).
    expect(filtered).toContain("Showing 1 of 1 article");
    expect(holds("/blog.data?category=Cybersecurity")).toBe(true);
  });

  it("sends the new data after a save, with a new ETag", async () => {
    const before = await get("/about.data");
    const etag = before.headers.get("etag") ?? "";
    await before.text();
    await saveContent(site.services.db, {
      about: { ...defaultContent.about, heading: "Who Keeps Your Systems Running" },
    });
    const after = await get("/about.data", { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("Who Keeps Your Systems Running");
  });

  it("drops the blog's data when a scheduled article comes due, like the page", async () => {
    const at = new Date(Date.now() + 1_500);
    await createPublication(
      site.services.db,
      "article",
      {
        slug: "scheduled-for-navigation",
        status: "scheduled",
        publishAt: at.toISOString(),
        title: "Patch Tuesday Without the Panic",
        excerpt: "A calm monthly routine for updates.",
        category: "Cybersecurity",
        authorName: "Maria van der Berg",
        readTime: "",
        imageUrl: "",
        imageAlt: "",
        seoDescription: "",
        body: `<p>${"word ".repeat(300)}</p>`,
      },
      { actor: commandLineActor },
    );
    expect(await (await get("/blog.data")).text()).not.toContain("Patch Tuesday Without the Panic");
    expect(holds("/blog.data")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 200));
    expect(await (await get("/blog.data")).text()).toContain("Patch Tuesday Without the Panic");
  });

  it("does not keep the data of a search nothing matches, and answers it all the same", async () => {
    const response = await get("/blog.data?q=no-such-words-anywhere");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeNull();
    expect(await response.text()).toContain("no-such-words-anywhere");
    expect(holds("/blog.data?q=no-such-words-anywhere")).toBe(false);
  });

  it("answers a signed-in admin's navigation for that admin alone, never from or into the cache", async () => {
    const admin = await findAdminByEmail(site.services.db, testAdmin.email);
    if (!admin) throw new Error("no test admin");
    const cookie = `${getSessionCookieName(false)}=${await createSession(site.services.db, admin.id)}`;
    const anonymous = await get("/case-studies.data");
    const anonymousBody = await anonymous.text();
    const signedIn = await get("/case-studies.data", {
      cookie,
      "If-None-Match": anonymous.headers.get("etag") ?? "",
    });
    // Rendered for the admin (the header's admin link), so not the anonymous copy's 304.
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(await signedIn.text()).not.toBe(anonymousBody);
    // The kept copy is still the anonymous one.
    expect(await (await get("/case-studies.data")).text()).toBe(anonymousBody);
  });
});
