// Findability: robots.txt, sitemap.xml with a lastmod per page, and for every page the sitemap
// lists a unique title and a 70-160 character description, a canonical link to its sitemap
// address, Open Graph tags with a 1200x630 PNG preview, and structured data (JSON-LD); one
// address per page (slash and case variants answer 301).
import { type APIRequestContext, expect } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { defaultCaseStudies } from "../../app/features/publishing/default-case-studies";
import { toSlug } from "../../app/platform/slug";
import { baseURL } from "./fixtures";
import { test } from "./test";

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
    ogImage: pick(/<meta property="og:image" content="([^"]*)"/),
    ogImageWidth: pick(/<meta property="og:image:width" content="([^"]*)"/),
    ogImageHeight: pick(/<meta property="og:image:height" content="([^"]*)"/),
    ogImageAlt: pick(/<meta property="og:image:alt" content="([^"]*)"/),
    twitterCard: pick(/<meta name="twitter:card" content="([^"]*)"/),
  };
}

type JsonLd = Record<string, unknown> & { "@type": string };

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test). */
function readJsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as JsonLd,
  );
}

function findEntity(blocks: JsonLd[], type: string): JsonLd {
  const entity = blocks.find((block) => block["@type"] === type);
  if (!entity) throw new Error(`no ${type} in ${blocks.map((block) => block["@type"]).join(", ")}`);
  expect(entity["@context"]).toBe("https://schema.org");
  return entity;
}

/** Width and height from a PNG's IHDR chunk. */
function readPngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function readPaths(request: APIRequestContext): Promise<string[]> {
  return (await readSitemap(request)).map((loc) => loc.slice(siteUrl.length));
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

test("sitemap.xml gives every address the time its page last changed", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? "");
  expect(entries.length).toBeGreaterThan(20);
  for (const entry of entries) {
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1];
    expect(lastmod, entry).toMatch(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/);
    expect(Number.isNaN(Date.parse(lastmod ?? "")), entry).toBe(false);
  }
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
    "/option1",
    "/option2",
    "/option3",
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
    // Search results show 70 to 160 characters; a cut description ends after a whole word.
    const description = head.description ?? "";
    expect(description.length, `${path}: ${description}`).toBeGreaterThanOrEqual(70);
    expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(160);
    expect(description, path).toMatch(/(\w[.!?]|\w…)$/);
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
    expect(head.ogImage, path).toMatch(new RegExp(`^${siteUrl}/og/.+\\.png$`));
    expect([head.ogImageWidth, head.ogImageHeight], path).toEqual(["1200", "630"]);
    expect(head.ogImageAlt, path).toBe(head.title);
    expect(head.twitterCard, path).toBe("summary_large_image");
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

test("every page's preview image is a 1200x630 PNG, cached and revalidated", async ({
  request,
}) => {
  test.slow();
  const images = new Set<string>();
  for (const path of await readPaths(request)) {
    const image = readHead(await (await request.get(path)).text()).ogImage ?? "";
    const imagePath = image.slice(siteUrl.length);
    const response = await request.get(imagePath);
    expect(response.status(), imagePath).toBe(200);
    expect(response.headers()["content-type"], imagePath).toBe("image/png");
    expect(response.headers()["cache-control"], imagePath).toContain("public");
    expect(readPngSize(await response.body()), imagePath).toEqual({ width: 1200, height: 630 });
    images.add(imagePath);
    const etag = response.headers().etag ?? "";
    expect(etag, imagePath).not.toBe("");
    const again = await request.get(imagePath, { headers: { "If-None-Match": etag } });
    expect(again.status(), imagePath).toBe(304);
  }
  // One image per page, drawn from that page's own title.
  expect(images.size).toBeGreaterThan(20);
  const missing = await request.get("/og/no-such-page.png");
  expect(missing.status()).toBe(404);
  const logo = await request.get("/og/logo.png");
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(readPngSize(await logo.body())).toEqual({ width: 512, height: 512 });
});

test("structured data: the firm and the website on the home page", async ({ request }) => {
  const blocks = readJsonLd(await (await request.get("/")).text());
  const firm = findEntity(blocks, "ProfessionalService");
  expect(firm.name).toBe(defaultContent.general.companyName);
  expect(firm.url).toBe(`${siteUrl}/`);
  expect(firm.telephone).toBe(defaultContent.contact.phone);
  expect(firm.email).toBe(defaultContent.contact.email);
  expect(firm.sameAs).toEqual(defaultContent.navigation.profiles.map((profile) => profile.url));
  expect(firm.logo).toBe(`${siteUrl}/og/logo.png`);
  expect(firm.image).toBe(`${siteUrl}/og/index.png`);
  expect(firm.address).toEqual({
    "@type": "PostalAddress",
    streetAddress: "500 W 2nd Street, Suite 1900",
    addressLocality: "Austin",
    addressRegion: "TX",
    postalCode: "78701",
    addressCountry: "US",
  });
  expect(firm.areaServed).toBeTruthy();
  const website = findEntity(blocks, "WebSite");
  expect(website).toMatchObject({ name: defaultContent.general.companyName, url: `${siteUrl}/` });
  // The home page has no breadcrumbs: it is their first step.
  expect(blocks.some((block) => block["@type"] === "BreadcrumbList")).toBe(false);
  const about = readJsonLd(await (await request.get("/about")).text());
  expect(findEntity(about, "ProfessionalService")["@id"]).toBe(firm["@id"]);
});

test("structured data: a Service per service page and an Article per article", async ({
  request,
}) => {
  const service = defaultContent.services.items[0];
  if (!service) throw new Error("no default service");
  const servicePath = `/services/${toSlug(service.title)}`;
  const serviceBlocks = readJsonLd(await (await request.get(servicePath)).text());
  const entity = findEntity(serviceBlocks, "Service");
  expect(entity.name).toBe(service.title);
  expect(String(entity.description).length).toBeGreaterThan(50);
  expect(entity.url).toBe(`${siteUrl}${servicePath}`);
  expect(entity.provider).toMatchObject({
    "@type": "ProfessionalService",
    name: defaultContent.general.companyName,
  });

  const article = defaultArticles[0];
  if (!article) throw new Error("no default article");
  const articleBlocks = readJsonLd(await (await request.get(`/blog/${article.id}`)).text());
  const posting = findEntity(articleBlocks, "Article");
  expect(posting.headline).toBe(article.title);
  expect(posting.datePublished).toBe(article.publishedAt);
  expect(posting.dateModified).toBeTruthy();
  expect(posting.image).toEqual([`${siteUrl}/og/blog/${article.id}.png`]);
  expect(posting.author).toEqual({ "@type": "Person", name: article.author.name });
  expect(posting.publisher).toMatchObject({
    "@type": "Organization",
    name: defaultContent.general.companyName,
    logo: { "@type": "ImageObject", url: `${siteUrl}/og/logo.png` },
  });
});

test("structured data: breadcrumbs on every page below the home page", async ({ request }) => {
  test.slow();
  for (const path of await readPaths(request)) {
    if (path === "/") continue;
    const blocks = readJsonLd(await (await request.get(path)).text());
    const crumbs = findEntity(blocks, "BreadcrumbList").itemListElement as {
      "@type": string;
      position: number;
      name: string;
      item: string;
    }[];
    expect(crumbs[0], path).toMatchObject({ position: 1, name: "Home", item: `${siteUrl}/` });
    expect(crumbs.at(-1)?.item, path).toBe(`${siteUrl}${path}`);
    crumbs.forEach((crumb, index) => {
      expect(crumb["@type"], path).toBe("ListItem");
      expect(crumb.position, path).toBe(index + 1);
      expect(crumb.name.length, path).toBeGreaterThan(0);
    });
    // A page below a section names the section between home and itself.
    if (path.split("/").length > 2) expect(crumbs, path).toHaveLength(3);
  }
});

test("one address per page: slash, double-slash and capital-letter variants answer 301", async ({
  request,
}) => {
  const cases: [string, string][] = [
    ["/services/", "/services"],
    ["/about/", "/about"],
    ["//about", "/about"],
    ["/services//cloud-infrastructure", "/services/cloud-infrastructure"],
    ["/About", "/about"],
    ["/SERVICES/IT-Strategy-Consulting/", "/services/it-strategy-consulting"],
    ["/Blog?category=Cybersecurity&q=mfa", "/blog?category=Cybersecurity&q=mfa"],
  ];
  for (const [from, to] of cases) {
    // Absolute, so "//about" is not read as another host.
    const response = await request.get(`${baseURL}${from}`, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(
      new URL(response.headers().location ?? "", baseURL).pathname +
        new URL(response.headers().location ?? "", baseURL).search,
      from,
    ).toBe(to);
  }
  // The API and built files keep their exact addresses.
  const api = await request.get("/api/content/", { maxRedirects: 0 });
  expect(api.status()).not.toBe(301);
});
