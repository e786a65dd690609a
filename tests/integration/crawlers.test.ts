// /sitemap.xml and /robots.txt over HTTP, with SITE_URL set: absolute addresses of every public
// page, built from what the database holds; the alternative home layouts kept out of the index.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { defaultArticles } from "~/features/publishing/default-articles";
import { defaultCaseStudies } from "~/features/publishing/default-case-studies";
import { defaultPages } from "~/features/publishing/default-pages";
import { toSlug } from "~/platform/slug";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const siteUrl = "https://www.clearline.example";

describe.each(getTestDatabaseKinds())("sitemap.xml and robots.txt on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create(), { SITE_URL: siteUrl });
  });

  afterAll(async () => {
    await site?.close();
  });

  it("lists every public page with its absolute address", async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = [
      "/",
      "/services",
      "/about",
      "/case-studies",
      "/blog",
      "/contact",
      "/booking",
      "/privacy-policy",
      "/terms-of-service",
      "/sitemap",
      ...defaultContent.services.items.map((service) => `/services/${toSlug(service.title)}`),
      ...defaultCaseStudies.map((study) => `/case-studies/${study.id}`),
      ...defaultArticles.map((article) => `/blog/${article.id}`),
      ...defaultPages.map((page) => `/${page.id}`),
    ].map((path) => `${siteUrl}${path}`);
    expect(locs.sort()).toEqual(expected.sort());
    // Every address carries the time its page's data last changed: here, the seeding.
    const { created_at: seeded } = await site.services.db
      .selectFrom("content_revisions")
      .select("created_at")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(xml).toContain(`<loc>${siteUrl}/about</loc><lastmod>${seeded}</lastmod>`);
    const urls = xml.match(/<url>.*<\/url>/g) ?? [];
    expect(urls).toHaveLength(expected.length);
    for (const url of urls) expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
  });

  it("dates a page from its own data: an edited case study, then a content save", async () => {
    const [study] = defaultCaseStudies;
    if (!study) throw new Error("no default case study");
    const edited = "2030-01-02T03:04:05.000Z";
    await site.services.db
      .updateTable("case_studies")
      .set({ updated_at: edited })
      .where("id", "=", study.id)
      .execute();
    let xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(xml).toContain(
      `<loc>${siteUrl}/case-studies/${study.id}</loc><lastmod>${edited}</lastmod>`,
    );
    expect(xml).toContain(`<loc>${siteUrl}/case-studies</loc><lastmod>${edited}</lastmod>`);
    expect(xml).not.toContain(`<loc>${siteUrl}/about</loc><lastmod>${edited}</lastmod>`);

    const saved = "2031-05-06T07:08:09.000Z";
    await site.services.db
      .insertInto("content_revisions")
      .values({ document: JSON.stringify(defaultContent), created_at: saved, author: null })
      .execute();
    xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${siteUrl}/about</loc><lastmod>${saved}</lastmod>`);
    expect(xml).toContain(`<loc>${siteUrl}/services</loc><lastmod>${saved}</lastmod>`);
  });

  it("follows the database: a new article is listed", async () => {
    const [first] = defaultArticles;
    if (!first) throw new Error("no default article");
    await site.services.db
      .insertInto("articles")
      .values({
        id: "zero-trust-basics",
        position: 10,
        data: JSON.stringify({ ...first, id: "zero-trust-basics", publishedAt: "2024-02-01" }),
        published_at: "2024-02-01",
        updated_at: new Date().toISOString(),
      })
      .execute();
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${siteUrl}/blog/zero-trust-basics</loc>`);
  });

  it("offers one home page: the other layouts say noindex, name / as canonical and are in no sitemap", async () => {
    for (const path of ["/option1", "/option2", "/option3"]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, path).toContain(`<link rel="canonical" href="${siteUrl}/"/>`);
    }
    // The home page itself stays indexable.
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).not.toContain('name="robots"');
    expect(home).toContain(`<link rel="canonical" href="${siteUrl}/"/>`);
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const sitemapPage = await (await fetch(`${site.url}/sitemap`)).text();
    for (const path of ["/option1", "/option2", "/option3"]) {
      expect(xml, path).not.toContain(path);
      expect(sitemapPage, path).not.toContain(`href="${path}"`);
    }
  });

  it("serves robots.txt: admin, editor and API closed, the sitemap named", async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/edit", "/working-editor", "/images", "/content", "/api"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });
});
