// Findability: robots.txt, sitemap.xml, and for every page the sitemap lists a unique title and
// meta description, a canonical link to its sitemap address and Open Graph tags.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { defaultArticles } from "../../app/content/default-articles";
import { defaultCaseStudies } from "../../app/content/default-case-studies";
import { defaultContent } from "../../app/content/default-content";
import { toSlug } from "../../app/content/slug";
import { baseURL } from "./fixtures";

/** SITE_URL of the e2e server: its default, http://localhost:PORT. */
const siteUrl = `http://localhost:${new URL(baseURL).port}`;

async function readSitemap(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
}

function readHead(html: string) {
  const pick = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: pick(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: pick(/<meta property="og:description" content="([^"]*)"/),
    ogUrl: pick(/<meta property="og:url" content="([^"]*)"/),
    ogType: pick(/<meta property="og:type" content="([^"]*)"/),
    robots: pick(/<meta name="robots" content="([^"]*)"/),
  };
}

test("robots.txt lets crawlers in, keeps admin, editor and API out, and names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const lines = (await response.text()).split("\n");
  expect(lines[0]).toBe("User-agent: *");
  expect(lines).toContain("Allow: /");
  for (const path of ["/admin", "/edit", "/working-editor", "/images", "/content", "/api"]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
});

test("sitemap.xml lists every public page with an absolute address", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const locs = await readSitemap(request);
  for (const loc of locs) expect(loc.startsWith(`${siteUrl}/`)).toBe(true);
  const paths = locs.map((loc) => loc.slice(siteUrl.length));
  for (const path of [
    "/",
    "/option1",
    "/option2",
    "/option3",
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
  ]) {
    expect(paths).toContain(path);
  }
  for (const path of [
    "/admin",
    "/admin/login",
    "/edit",
    "/working-editor",
    "/images",
    "/content",
  ]) {
    expect(paths).not.toContain(path);
  }
  expect(new Set(paths).size).toBe(paths.length);
});

test("every page in the sitemap has a unique title and description, a canonical link and Open Graph tags", async ({
  request,
}) => {
  test.slow();
  const locs = await readSitemap(request);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  let checked = 0;
  for (const loc of locs) {
    const path = loc.slice(siteUrl.length);
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const head = readHead(await response.text());
    expect(head.title, path).toBeTruthy();
    expect(head.title, path).toContain("Clearline IT Consulting");
    expect(head.description?.length ?? 0, `${path} description`).toBeGreaterThan(30);
    expect(titles.get(head.title ?? ""), `${path} has the title of`).toBeUndefined();
    expect(descriptions.get(head.description ?? ""), `${path} has the description of`).toBe(
      undefined,
    );
    titles.set(head.title ?? "", path);
    descriptions.set(head.description ?? "", path);
    expect(head.canonical, path).toBe(loc);
    expect(head.ogUrl, path).toBe(loc);
    expect(head.ogTitle, path).toBe(head.title);
    expect(head.ogDescription, path).toBe(head.description);
    expect(["website", "article"]).toContain(head.ogType);
    expect(head.robots, path).toBeUndefined();
    checked += 1;
  }
  // At least this branch's pages: home, case studies, blog and every case study and article.
  expect(checked).toBeGreaterThanOrEqual(3 + defaultCaseStudies.length + defaultArticles.length);
});

test("a filtered blog view names the blog itself as canonical", async ({ request }) => {
  const head = readHead(await (await request.get("/blog?category=Cybersecurity&q=mfa")).text());
  expect(head.canonical).toBe(`${siteUrl}/blog`);
});

test("404 pages are kept out of search results", async ({ request }) => {
  for (const path of ["/no-such-page", "/blog/no-such-article", "/case-studies/no-such-study"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(readHead(await response.text()).robots, path).toBe("noindex");
  }
});
