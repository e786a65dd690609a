// A renamed service keeps its address: saved through the admin's content API, its old slug answers
// 301 to the new one (a chain of renames in one hop), a new service taking an old slug wins over
// the redirect, and the sitemap lists only the current addresses. On SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import type { Service } from "~/features/content/schema";
import { toSlug } from "~/platform/slug";
import { getContent, postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const firstService = defaultContent.services.items[0]?.title ?? "";
const oldSlug = toSlug(firstService);

describe.each(getTestDatabaseKinds())("service addresses on $name", (kind) => {
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

  const visit = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual" });

  async function saveServices(change: (items: Service[]) => Service[]) {
    const { content } = await getContent(site);
    const services = { ...content.services, items: change(content.services.items) };
    const response = await postJsonAs(site, "/api/content", { content: { services } }, { cookie });
    expect(response.status).toBe(200);
  }

  const rename = (from: string, to: string) => (items: Service[]) =>
    items.map((item) => (item.title === from ? { ...item, title: to } : item));

  async function sitemapPaths(): Promise<string[]> {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc ?? "").pathname);
  }

  it("answers a renamed service's old address with a 301 to the new one; a chain takes one hop", async () => {
    expect((await visit(`/services/${oldSlug}`)).status).toBe(200);

    await saveServices(rename(firstService, "Cloud Platforms"));
    const moved = await visit(`/services/${oldSlug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/services/cloud-platforms");
    const page = await fetch(`${site.url}/services/${oldSlug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Cloud Platforms");

    await saveServices(rename("Cloud Platforms", "Cloud and Platform Engineering"));
    for (const path of [`/services/${oldSlug}`, "/services/cloud-platforms"]) {
      const hop = await visit(path);
      expect(hop.status, path).toBe(301);
      expect(hop.headers.get("location"), path).toBe("/services/cloud-and-platform-engineering");
    }

    const paths = await sitemapPaths();
    expect(paths).toContain("/services/cloud-and-platform-engineering");
    expect(paths).not.toContain(`/services/${oldSlug}`);
    expect(paths).not.toContain("/services/cloud-platforms");
  });

  it("lets a new service take an old address: it is served, not redirected", async () => {
    await saveServices(rename("Cloud and Platform Engineering", "Platform Engineering"));
    expect((await visit("/services/cloud-platforms")).status).toBe(301);
    await saveServices((items) => {
      const [model] = items;
      if (!model) throw new Error("no services to copy");
      return [...items, { ...model, title: "Cloud Platforms", description: "<p>Brand new.</p>" }];
    });
    const taken = await visit("/services/cloud-platforms");
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain("Brand new.");
    expect((await visit("/services/platform-engineering")).status).toBe(200);
    const paths = await sitemapPaths();
    expect(paths).toEqual(
      expect.arrayContaining(["/services/cloud-platforms", "/services/platform-engineering"]),
    );
  });

  it("lets a removed service's old addresses answer 404", async () => {
    await saveServices((items) => items.filter((item) => item.title !== "Platform Engineering"));
    for (const path of [
      "/services/platform-engineering",
      "/services/cloud-and-platform-engineering",
    ]) {
      expect((await visit(path)).status, path).toBe(404);
    }
  });
});
