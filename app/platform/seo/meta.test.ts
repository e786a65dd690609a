import { describe, expect, it } from "vitest";
import { buildPageMeta } from "./meta";

const args = {
  matches: [
    {
      id: "root",
      loaderData: {
        siteUrl: "https://example.com",
        shell: {
          companyName: "Clearline IT Consulting",
          tagline: "Practical IT for growing businesses",
          footerDescription: "IT consulting for growing businesses.",
          contact: {
            address: "500 W 2nd Street, Suite 1900, Austin, TX 78701",
            phone: "+1 (512) 555-0147",
            email: "hello@clearlineit.com",
          },
          profileUrls: ["https://www.linkedin.com/company/clearline"],
        },
      },
    },
  ],
  location: { pathname: "/blog/some-article" },
};

function findTag(tags: ReturnType<typeof buildPageMeta>, key: string, value: string) {
  return tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as
    | Record<string, string>
    | undefined;
}

describe("buildPageMeta", () => {
  it("appends the company name to the title, once", () => {
    const tags = buildPageMeta(args, { title: "Blog", description: "d" });
    expect(tags[0]).toEqual({ title: "Blog | Clearline IT Consulting" });
    const home = buildPageMeta(args, {
      title: "Clearline IT Consulting | Practical IT for growing businesses",
      description: "d",
    });
    expect(home[0]).toEqual({
      title: "Clearline IT Consulting | Practical IT for growing businesses",
    });
  });

  it("gives the canonical address, Open Graph tags and the page's 1200x630 preview image", () => {
    const tags = buildPageMeta(args, {
      title: "An Article",
      description: "What it is about, in enough words to make a useful search result snippet.",
      type: "article",
    });
    expect(findTag(tags, "rel", "canonical")?.href).toBe("https://example.com/blog/some-article");
    expect(findTag(tags, "property", "og:url")?.content).toBe(
      "https://example.com/blog/some-article",
    );
    expect(findTag(tags, "property", "og:type")?.content).toBe("article");
    expect(findTag(tags, "property", "og:image")?.content).toBe(
      "https://example.com/og/blog/some-article.png",
    );
    expect(findTag(tags, "property", "og:image:width")?.content).toBe("1200");
    expect(findTag(tags, "property", "og:image:height")?.content).toBe("630");
    expect(findTag(tags, "property", "og:image:alt")?.content).toBe(
      "An Article | Clearline IT Consulting",
    );
    expect(findTag(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("lengthens a short description with the company's tagline and cuts a long one", () => {
    const short = buildPageMeta(args, { title: "Blog", description: "Our blog." });
    expect(findTag(short, "name", "description")?.content).toBe(
      "Our blog. Clearline IT Consulting: Practical IT for growing businesses.",
    );
    const long = buildPageMeta(args, { title: "Blog", description: "word ".repeat(60) });
    const content = findTag(long, "name", "description")?.content ?? "";
    expect(content.length).toBeLessThanOrEqual(160);
    expect(content).toMatch(/ word…$/);
  });

  it("gives a page below the home page its breadcrumbs, and a noindex page no preview", () => {
    const tags = buildPageMeta(args, { title: "An Article", description: "d" });
    const crumbs = tags
      .map((tag) => (tag as { "script:ld+json"?: Record<string, unknown> })["script:ld+json"])
      .find((data) => data?.["@type"] === "BreadcrumbList");
    expect(crumbs?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" },
      { "@type": "ListItem", position: 2, name: "Blog", item: "https://example.com/blog" },
      {
        "@type": "ListItem",
        position: 3,
        name: "An Article",
        item: "https://example.com/blog/some-article",
      },
    ]);
    const hidden = buildPageMeta(args, { title: "Gone", description: "d", noindex: true });
    expect(findTag(hidden, "property", "og:image")).toBeUndefined();
    expect(hidden.some((tag) => "script:ld+json" in tag)).toBe(false);
  });
});

describe("written search descriptions", () => {
  const computed =
    "A long excerpt that runs on well beyond what a search result shows, so the computed description has to be cut somewhere sensible before its end, at a word, which it is not yet by a long way at this point.";
  const written =
    "Patch every server without a maintenance weekend: the order, the tools and the checks we use for small teams.";

  it("uses a written description exactly, in the meta description and Open Graph", () => {
    const tags = buildPageMeta(args, { title: "An Article", description: computed, written });
    expect(findTag(tags, "name", "description")?.content).toBe(written);
    expect(findTag(tags, "property", "og:description")?.content).toBe(written);
  });

  it("computes the description from the page when the written one is empty or blank", () => {
    const none = buildPageMeta(args, { title: "An Article", description: computed });
    const blank = buildPageMeta(args, { title: "An Article", description: computed, written: " " });
    const fitted = findTag(none, "name", "description")?.content ?? "";
    expect(fitted).not.toBe(computed);
    expect(fitted.length).toBeGreaterThanOrEqual(70);
    expect(fitted.length).toBeLessThanOrEqual(160);
    expect(findTag(blank, "name", "description")?.content).toBe(fitted);
    expect(findTag(blank, "property", "og:description")?.content).toBe(fitted);
  });

  it("describes a service and an article in their structured data as in their meta description", () => {
    const findEntity = (tags: ReturnType<typeof buildPageMeta>, type: string) =>
      tags
        .map((tag) => (tag as { "script:ld+json"?: Record<string, unknown> })["script:ld+json"])
        .find((entity) => entity?.["@type"] === type);
    const service = buildPageMeta(args, {
      title: "Patching",
      description: computed,
      written,
      service: { name: "Patching" },
    });
    expect(findEntity(service, "Service")?.description).toBe(written);
    const article = buildPageMeta(args, {
      title: "An Article",
      description: computed,
      type: "article",
      article: { headline: "An Article", datePublished: "2026-11-01", authorName: "Sam Lee" },
    });
    const fitted = findTag(article, "name", "description")?.content;
    expect(findEntity(article, "Article")?.description).toBe(fitted);
  });
});

describe("the owner's SEO settings", () => {
  const page = {
    title: "Careers",
    description: "Join a small team that keeps other teams running.",
  };
  const texts = (tags: ReturnType<typeof buildPageMeta>) => JSON.stringify(tags);

  it("keeps today's tags exactly when nothing is set", () => {
    const empty = { seoTitle: "", seoDescription: "", seoImage: "", noindex: false };
    expect(buildPageMeta(args, { ...page, seo: empty })).toEqual(buildPageMeta(args, page));
    expect(buildPageMeta(args, { ...page, seo: {} })).toEqual(buildPageMeta(args, page));
  });

  it("puts the search title in <title>, og:title and the image's alt text, not the breadcrumb", () => {
    const tags = buildPageMeta(args, { ...page, seo: { seoTitle: "Jobs in IT consulting" } });
    expect(tags[0]).toEqual({ title: "Jobs in IT consulting | Clearline IT Consulting" });
    expect(findTag(tags, "property", "og:title")?.content).toBe(
      "Jobs in IT consulting | Clearline IT Consulting",
    );
    expect(findTag(tags, "property", "og:image:alt")?.content).toBe(
      "Jobs in IT consulting | Clearline IT Consulting",
    );
    const named = buildPageMeta(args, {
      ...page,
      seo: { seoTitle: "Clearline IT Consulting is hiring" },
    });
    expect(named[0]).toEqual({ title: "Clearline IT Consulting is hiring" });
    expect(texts(tags)).toContain('"name":"Careers"');
  });

  it("uses the written description in place of the computed one", () => {
    const written =
      "Open roles at a small IT consulting firm in Austin: engineers, consultants, help desk.";
    const tags = buildPageMeta(args, {
      ...page,
      written: "ignored",
      seo: { seoDescription: written },
    });
    expect(findTag(tags, "name", "description")?.content).toBe(written);
    expect(findTag(tags, "property", "og:description")?.content).toBe(written);
  });

  it("shares an uploaded image as it is, without the generated card's type and size", () => {
    const tags = buildPageMeta(args, { ...page, seo: { seoImage: "/images/uploads/team.jpg" } });
    expect(findTag(tags, "property", "og:image")?.content).toBe(
      "https://example.com/images/uploads/team.jpg",
    );
    expect(findTag(tags, "property", "og:image:type")).toBeUndefined();
    expect(findTag(tags, "property", "og:image:width")).toBeUndefined();
    expect(findTag(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("asks search engines not to list a noindex page, which keeps its link card", () => {
    const tags = buildPageMeta(args, { ...page, seo: { noindex: true } });
    expect(findTag(tags, "name", "robots")?.content).toBe("noindex");
    expect(tags.filter((tag) => "name" in tag && tag.name === "robots")).toHaveLength(1);
    expect(findTag(tags, "property", "og:image")?.content).toBe(
      "https://example.com/og/blog/some-article.png",
    );
    expect(findTag(buildPageMeta(args, page), "name", "robots")).toBeUndefined();
  });
});
