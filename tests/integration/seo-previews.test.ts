// The editors' SEO previews against the built site and a real database (SQLite, and PostgreSQL
// when available): each content page's preview shows the title, address and fallback description
// its head really has; an article with its cover chosen as link card has og:image naming a
// 1200x630 PNG made from the cover; off, or with no cover, the generated title card stays.
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { describeFixedPages, describeServicePage } from "~/features/content/page-seo";
import type { SiteContent } from "~/features/content/schema";
import { defaultArticles } from "~/features/publishing/default-articles";
import { getCaseStudies } from "~/features/publishing/public-reader.server";
import { buildPreviewTexts } from "~/platform/seo/search-preview";
import { postJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { article } from "../support/publications";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** The size a PNG's header declares (IHDR, right after the 8-byte signature). */
function readPngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The content of a page's <meta property|name="key">. */
function readMeta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:property|name)="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
}

describe.each(getTestDatabaseKinds())("SEO previews and cover cards on $name", (engine) => {
  let site: TestSite;
  let cookie: string;

  const visit = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual" });
  const publish = async (overrides: Parameters<typeof article>[0]) => {
    const answer = await postJsonAs(site, "/api/admin/articles", article(overrides), { cookie });
    expect(answer.status, await answer.clone().text()).toBe(201);
  };
  const readImageMeta = async (path: string) => {
    const html = await (await visit(path)).text();
    return { og: readMeta(html, "og:image"), twitter: readMeta(html, "twitter:image") };
  };
  const fetchPng = async (url: string) => {
    const answer = await fetch(url.replace(/^https?:\/\/[^/]+/, site.url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    return Buffer.from(await answer.arrayBuffer());
  };

  useUploadsSite(engine, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });
  it("points og:image at a 1200x630 PNG made from an uploaded cover", async () => {
    // A 600x600 red square as the upload: cropped, it fills the whole 1200x630 card.
    const square = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#dc2626"/></svg>',
    )
      .render()
      .asPng();
    const image = {
      url: await uploadImage(site.url, cookie, {
        bytes: square,
        name: "red.png",
        type: "image/png",
      }),
    };
    await publish({
      slug: "cover-card-upload",
      imageUrl: image.url,
      imageAlt: "A red square",
      coverAsCardImage: true,
    });

    const { og, twitter } = await readImageMeta("/blog/cover-card-upload");
    expect(og).toMatch(/\/og\/blog\/cover-card-upload\/cover\.png$/);
    expect(twitter ?? og).toBe(og);
    const png = await fetchPng(og ?? "");
    expect(readPngSize(png)).toEqual({ width: 1200, height: 630 });
    const generated = await fetchPng(`${site.url}/og/blog/cover-card-upload.png`);
    expect(png.equals(generated)).toBe(false);
  });

  it("makes one from one of the site's own covers (SVG) too", async () => {
    await publish({
      slug: "cover-card-own",
      imageUrl: defaultArticles[0]?.imageUrl ?? "",
      imageAlt: "A diagram",
      coverAsCardImage: true,
    });
    const { og } = await readImageMeta("/blog/cover-card-own");
    expect(og).toMatch(/\/og\/blog\/cover-card-own\/cover\.png$/);
    expect(readPngSize(await fetchPng(og ?? ""))).toEqual({ width: 1200, height: 630 });
  });

  it("keeps the generated card when the choice is off or there is no cover", async () => {
    await publish({
      slug: "cover-card-off",
      imageUrl: defaultArticles[0]?.imageUrl ?? "",
      imageAlt: "A diagram",
      coverAsCardImage: false,
    });
    await publish({ slug: "cover-card-none", coverAsCardImage: true });
    // resvg cannot decode WebP: such a cover is never announced as the card.
    const webp = `${"b".repeat(32)}.webp`;
    await publish({
      slug: "cover-card-webp",
      imageUrl: `/images/uploads/${webp}`,
      imageAlt: "A photo",
      coverAsCardImage: true,
    });
    for (const slug of ["cover-card-off", "cover-card-none", "cover-card-webp"]) {
      const { og } = await readImageMeta(`/blog/${slug}`);
      expect(og).toMatch(new RegExp(`/og/blog/${slug}\\.png$`));
      expect(readPngSize(await fetchPng(og ?? ""))).toEqual({ width: 1200, height: 630 });
    }
    // An article stored before the choice existed reads as off.
    const seeded = defaultArticles[1]?.id ?? "";
    expect((await readImageMeta(`/blog/${seeded}`)).og).toMatch(
      new RegExp(`/og/blog/${seeded}\\.png$`),
    );
  });

  it("previews each content page's title, address and computed description as its head has them", async () => {
    const content = (await (await visit("/api/content")).json()) as SiteContent;
    const studies = await getCaseStudies(site.services.db, site.services.logger);
    const pages = [
      ...Object.values(
        describeFixedPages(
          content,
          studies.map((study) => study.industry),
        ),
      ),
      ...content.services.items.map(describeServicePage),
    ];
    const siteFacts = {
      siteUrl: site.services.config.SITE_URL,
      companyName: content.general.companyName,
      tagline: content.general.tagline,
    };
    for (const page of pages) {
      const html = await (await visit(page.path)).text();
      const shown = buildPreviewTexts({ ...page, written: "" }, siteFacts);
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll("&amp;", "&");
      expect(title, page.path).toBe(shown.pageTitle);
      expect(readMeta(html, "description"), page.path).toBe(shown.description);
      expect(html, page.path).toContain(`rel="canonical" href="${shown.url}"`);
    }
  });

  it("answers 404 for the cover card of an article that is not on the site", async () => {
    expect((await visit("/og/blog/no-such-article/cover.png")).status).toBe(404);
  });
});
