// The owner's SEO settings over HTTP against the built site and a real database (SQLite, and
// PostgreSQL when available): a search title, description, social image and noindex saved through
// the admin API appear in the served HTML of a fixed page, a service, an article and a case study,
// escaped; noindex takes the page out of sitemap.xml and the HTML sitemap; bad values answer 400.
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { createBlock } from "~/capabilities/blocks/page-blocks";
import { defaultContent } from "~/features/content/default-content";
import type { SiteContent } from "~/features/content/schema";
import { toSlug } from "~/platform/slug";
import { postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { caseStudy } from "../support/photo-uploads";
import { article } from "../support/publications";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const hostileTitle = '</title><script>window.__xss=1</script>"><img src=x onerror=alert(1)>';
const hostileDescription =
  'Careers at a small firm "quoted" </meta><script>window.__xss=2</script> & more to read here.';

/** The text of <title>, its entities decoded. */
function readTitle(html: string): string | undefined {
  return decode(html.match(/<title>([^<]*)<\/title>/)?.[1]);
}

/** The content of a page's <meta property|name="key">, its entities decoded. */
function readMeta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:property|name)="${key}"[^>]*>`))?.[0];
  return decode(tag?.match(/content="([^"]*)"/)?.[1]);
}

function decode(text: string | undefined): string | undefined {
  return text
    ?.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** No markup of the hostile texts reached the page as markup. */
function expectEscaped(html: string) {
  expect(html).not.toContain("<script>window.__xss");
  expect(html).not.toMatch(/<img src=x onerror/i);
}

describe.each(getTestDatabaseKinds())("SEO settings on $name", (engine) => {
  let site: TestSite;
  let cookie: string;

  useUploadsSite(engine, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  const readPage = async (path: string) => {
    const answer = await fetch(`${site.url}${path}`);
    expect(answer.status, path).toBe(200);
    return answer.text();
  };
  const readSitemaps = async () => {
    const xml = await readPage("/sitemap.xml");
    const html = await readPage("/sitemap");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    return {
      xml: [...xml.matchAll(/<loc>[^<]*?\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] || "/"),
      html: [...main.matchAll(/href="([^"]+)"/g)].map((match) => match[1]),
    };
  };
  const saveContent = async (content: Partial<SiteContent>) => {
    const answer = await postJsonAs(site, "/api/content", { content }, { cookie });
    expect(answer.status, await answer.clone().text()).toBe(200);
  };
  const uploadCard = (color: string) =>
    uploadImage(site.url, cookie, {
      bytes: new Resvg(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="${color}"/></svg>`,
      )
        .render()
        .asPng(),
      name: "social-card.png",
      type: "image/png",
    });

  it("serves a fixed page's search title, description, image and noindex, escaped", async () => {
    expect(await readSitemaps()).toEqual({
      xml: expect.arrayContaining(["/about"]),
      html: expect.arrayContaining(["/about"]),
    });
    const image = await uploadCard("#1d4ed8");
    await saveContent({
      seo: {
        ...defaultContent.seo,
        about: {
          seoTitle: hostileTitle,
          seoDescription: hostileDescription,
          seoImage: image,
          noindex: true,
        },
      },
    });
    const html = await readPage("/about");
    expectEscaped(html);
    expect(readTitle(html)).toBe(`${hostileTitle} | Clearline IT Consulting`);
    expect(readMeta(html, "og:title")).toBe(`${hostileTitle} | Clearline IT Consulting`);
    expect(readMeta(html, "description")).toBe(hostileDescription);
    expect(readMeta(html, "og:description")).toBe(hostileDescription);
    expect(readMeta(html, "og:image")).toMatch(new RegExp(`^https?://[^/]+${image}$`));
    expect(readMeta(html, "robots")).toBe("noindex");
    const sitemaps = await readSitemaps();
    expect(sitemaps.xml).not.toContain("/about");
    expect(sitemaps.html).not.toContain("/about");
    expect(sitemaps.xml).toContain("/services");

    // Back to the defaults: today's tags and both sitemaps again.
    await saveContent({ seo: defaultContent.seo });
    const restored = await readPage("/about");
    expect(readTitle(restored)).toBe("About Us | Clearline IT Consulting");
    expect(readMeta(restored, "robots")).toBeUndefined();
    expect(readMeta(restored, "og:image")).toMatch(/\/og\/about\.png$/);
    expect((await readSitemaps()).xml).toContain("/about");
  });

  it("serves a service's settings and takes a noindex service out of both sitemaps", async () => {
    const [first, ...others] = defaultContent.services.items;
    if (!first) throw new Error("no default service");
    const path = `/services/${toSlug(first.title)}`;
    await saveContent({
      services: {
        ...defaultContent.services,
        items: [{ ...first, seoTitle: hostileTitle, noindex: true }, ...others],
      },
    });
    const html = await readPage(path);
    expectEscaped(html);
    expect(readTitle(html)).toBe(`${hostileTitle} | Clearline IT Consulting`);
    expect(readMeta(html, "robots")).toBe("noindex");
    // The visible heading stays the service's own name.
    expect(decode(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1])).toContain(first.title);
    const sitemaps = await readSitemaps();
    expect(sitemaps.xml).not.toContain(path);
    expect(sitemaps.html).not.toContain(path);
    await saveContent({ services: defaultContent.services });
    expect((await readSitemaps()).xml).toContain(path);
  });

  it("serves an article's and a case study's settings from the publishing API", async () => {
    const image = await uploadCard("#0f766e");
    const answer = await postJsonAs(
      site,
      "/api/admin/articles",
      article({
        slug: "seo-settings-article",
        seoTitle: "Patching without a maintenance weekend",
        seoDescription: hostileDescription,
        seoImage: image,
        noindex: true,
      }),
      { cookie },
    );
    expect(answer.status, await answer.clone().text()).toBe(201);
    const html = await readPage("/blog/seo-settings-article");
    expectEscaped(html);
    expect(readTitle(html)).toBe(
      "Patching without a maintenance weekend | Clearline IT Consulting",
    );
    expect(readMeta(html, "description")).toBe(hostileDescription);
    expect(readMeta(html, "og:image")).toMatch(new RegExp(`${image}$`));
    expect(readMeta(html, "og:image:width")).toBeUndefined();
    expect(readMeta(html, "robots")).toBe("noindex");

    const study = await postJsonAs(
      site,
      "/api/admin/case-studies",
      caseStudy({ slug: "seo-settings-study", seoTitle: "Warehouse wireless that works" }),
      { cookie },
    );
    expect(study.status, await study.clone().text()).toBe(201);
    const studyHtml = await readPage("/case-studies/seo-settings-study");
    expect(readTitle(studyHtml)).toBe("Warehouse wireless that works | Clearline IT Consulting");
    expect(readMeta(studyHtml, "robots")).toBeUndefined();
    expect(readMeta(studyHtml, "og:image")).toMatch(/\/og\/case-studies\/seo-settings-study\.png$/);

    const sitemaps = await readSitemaps();
    expect(sitemaps.xml).not.toContain("/blog/seo-settings-article");
    expect(sitemaps.html).not.toContain("/blog/seo-settings-article");
    expect(sitemaps.xml).toContain("/case-studies/seo-settings-study");
    expect(sitemaps.html).toContain("/case-studies/seo-settings-study");
    // A noindex page keeps its generated card for shared links.
    const card = await fetch(`${site.url}/og/blog/seo-settings-article.png`);
    expect(card.status).toBe(200);
  });

  it("leaves the site's name off a page's title and og:title when its settings say so", async () => {
    await saveContent({
      seo: {
        ...defaultContent.seo,
        about: { seoTitle: "Meet the engineers", siteNameInTitle: false, seoDescription: "" },
      },
    });
    const about = await readPage("/about");
    expect(readTitle(about)).toBe("Meet the engineers");
    expect(readMeta(about, "og:title")).toBe("Meet the engineers");
    // Stored as sent: the editor reads the tick back.
    const stored = (await (await fetch(`${site.url}/api/content`)).json()) as SiteContent;
    expect(stored.seo.about.siteNameInTitle).toBe(false);

    const page = {
      slug: "spring-offer",
      status: "published",
      publishAt: "",
      title: "Spring offer",
      blocks: [{ ...createBlock("hero", "hero1"), heading: "Spring offer" }],
      seoDescription: "",
    };
    const created = await postJsonAs(
      site,
      "/api/admin/pages",
      { ...page, seoTitle: "Free M365 audit for Austin firms", siteNameInTitle: false },
      { cookie },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const offer = await readPage("/spring-offer");
    expect(readTitle(offer)).toBe("Free M365 audit for Austin firms");
    expect(readMeta(offer, "og:title")).toBe("Free M365 audit for Austin firms");
    // Ticked (or never set), the name follows as before.
    const ticked = await postJsonAs(
      site,
      "/api/admin/pages",
      { ...page, slug: "summer-offer", siteNameInTitle: true },
      { cookie },
    );
    expect(ticked.status).toBe(201);
    expect(readTitle(await readPage("/summer-offer"))).toBe(
      "Spring offer | Clearline IT Consulting",
    );
    await saveContent({ seo: defaultContent.seo });
    expect(readTitle(await readPage("/about"))).toBe("About Us | Clearline IT Consulting");
  });

  it("refuses bad settings with a 400 naming the field", async () => {
    const refusals = [
      { seoImage: "javascript:alert(1)", field: "seoImage" },
      { seoImage: "https://evil.example/x.png", field: "seoImage" },
      { noindex: "yes", field: "noindex" },
      { seoTitle: "x".repeat(121), field: "seoTitle" },
    ];
    for (const { field, ...settings } of refusals) {
      const answer = await postJsonAs(
        site,
        "/api/admin/articles",
        article({ slug: "seo-settings-refused", ...(settings as object) }),
        { cookie },
      );
      expect(answer.status, JSON.stringify(settings)).toBe(400);
      expect(await answer.text()).toContain(field);
      const content = await postJsonAs(
        site,
        "/api/content",
        { content: { seo: { ...defaultContent.seo, home: settings } } },
        { cookie },
      );
      expect(content.status, JSON.stringify(settings)).toBe(400);
      expect(await content.text()).toContain(`seo.home.${field}`);
    }
  });
});
