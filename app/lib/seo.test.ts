import { describe, expect, it } from "vitest";
import { buildPageMeta } from "./seo";

const args = {
  matches: [
    {
      id: "root",
      loaderData: {
        siteUrl: "https://example.com",
        shell: { companyName: "Clearline IT Consulting" },
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

  it("gives the canonical address and Open Graph tags from SITE_URL and the path", () => {
    const tags = buildPageMeta(args, {
      title: "An Article",
      description: "What it is about",
      image: "/images/articles/a.svg",
      type: "article",
    });
    expect(findTag(tags, "rel", "canonical")?.href).toBe("https://example.com/blog/some-article");
    expect(findTag(tags, "property", "og:url")?.content).toBe(
      "https://example.com/blog/some-article",
    );
    expect(findTag(tags, "property", "og:type")?.content).toBe("article");
    expect(findTag(tags, "property", "og:image")?.content).toBe(
      "https://example.com/images/articles/a.svg",
    );
    expect(findTag(tags, "name", "description")?.content).toBe("What it is about");
  });
});
