// The publishing rules shared by the editor and the API: status from the stored row and the clock,
// initials, read time, slug proposals, the shared input schemas and the admin list's filters.
import { describe, expect, it } from "vitest";
import { normalizeContent } from "~/features/content/content-store.server";
import { defaultContent } from "~/features/content/default-content";
import { contentSchema, seoDescription, seoDescriptionMessage } from "~/features/content/schema";
import { absolutizeLinks } from "./feed.server";
import { computeReadTime, toInitials } from "./publication-fields";
import {
  articleInputSchema,
  caseStudyInputSchema,
  createEmptyInput,
  filterAdminList,
  formatDisplayDate,
  getEffectiveStatus,
  parseAdminListQuery,
  proposeSlug,
  toArticleInput,
  toArticleRecord,
  toCaseStudyInput,
  toCaseStudyRecord,
} from "./schema";

describe("publishing rules", () => {
  const now = new Date("2026-05-04T10:00:00.000Z");

  it("reads a published row whose time is ahead as scheduled, and a draft as a draft", () => {
    expect(getEffectiveStatus("published", "2026-05-04T10:00:01.000Z", now)).toBe("scheduled");
    expect(getEffectiveStatus("published", "2026-05-04T10:00:00.000Z", now)).toBe("published");
    expect(getEffectiveStatus("published", null, now)).toBe("published");
    expect(getEffectiveStatus("draft", "2020-01-01T00:00:00.000Z", now)).toBe("draft");
  });

  it("derives initials, read time, display date and a slug", () => {
    expect(toInitials("Daniel Reyes")).toBe("DR");
    expect(toInitials("  maria van der berg ")).toBe("MB");
    expect(toInitials("Cher")).toBe("C");
    expect(computeReadTime(`<p>${"word ".repeat(199)}</p>`)).toBe("1 min read");
    expect(computeReadTime(`<p>${"word ".repeat(1000)}</p>`)).toBe("5 min read");
    expect(computeReadTime("")).toBe("1 min read");
    expect(formatDisplayDate("2023-03-16T23:30:00.000Z")).toBe("Mar 16, 2023");
    expect(proposeSlug("Zero Trust: What It Means (2026)!")).toBe("zero-trust-what-it-means-2026");
  });

  it("requires a time to schedule and a description for an image", () => {
    const input = {
      ...createEmptyInput("article"),
      slug: "a",
      title: "A",
      excerpt: "B",
      category: "C",
      authorName: "D",
    };
    expect(articleInputSchema.safeParse(input).success).toBe(true);
    const result = articleInputSchema.safeParse({
      ...input,
      status: "scheduled",
      imageUrl: "/images/uploads/x.png",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "publishAt",
      "imageAlt",
    ]);
    expect(articleInputSchema.safeParse({ ...input, imageUrl: "/images/../api" }).success).toBe(
      false,
    );
  });

  it("filters the admin list by text, status and group from the URL query", () => {
    const items = [
      { id: "a-1", title: "Cloud costs", group: "Cloud", status: "draft" as const },
      { id: "b-2", title: "Phishing", group: "Security", status: "published" as const },
    ].map((item) => ({ ...item, publishAt: null, updatedAt: "", imageUrl: "" }));
    const query = parseAdminListQuery(new URLSearchParams("q=CLOUD&status=nonsense"));
    expect(query).toEqual({ q: "CLOUD", status: "", group: "" });
    expect(filterAdminList(items, query).map((item) => item.id)).toEqual(["a-1"]);
    expect(
      filterAdminList(items, parseAdminListQuery(new URLSearchParams("status=published"))),
    ).toHaveLength(1);
    expect(filterAdminList(items, parseAdminListQuery(new URLSearchParams("group=Cloud")))).toEqual(
      [items[0]],
    );
  });

  it("makes site-relative links of a feed entry absolute, leaving others alone", () => {
    expect(
      absolutizeLinks(
        '<a href="/booking">b</a> <a href="https://x.example/">x</a> <a href="//cdn.example/a">c</a>',
        "https://site.example",
      ),
    ).toBe(
      '<a href="https://site.example/booking">b</a> <a href="https://x.example/">x</a> <a href="//cdn.example/a">c</a>',
    );
  });

  it("makes the site's own image addresses of a feed entry absolute", () => {
    expect(
      absolutizeLinks(
        '<figure data-size="full"><img src="/images/uploads/a.png" alt="A" /></figure>',
        "https://site.example",
      ),
    ).toBe(
      '<figure data-size="full"><img src="https://site.example/images/uploads/a.png" alt="A" /></figure>',
    );
  });
});

describe("the kinds' field tables", () => {
  const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );

  it("word every refusal by the field's label", () => {
    expect(messagesOf(articleInputSchema.safeParse(createEmptyInput("article")))).toEqual({
      slug: "URL slug is required",
      title: "Title is required",
    });
    const published = { ...createEmptyInput("article"), status: "published" };
    expect(messagesOf(articleInputSchema.safeParse(published))).toEqual({
      slug: "URL slug is required",
      title: "Title is required",
      excerpt: "Excerpt is required",
      category: "Category is required",
      authorName: "Author is required",
    });
    const study = {
      ...createEmptyInput("case-study"),
      status: "scheduled",
      publishAt: "2030-01-01T09:00:00.000Z",
      slug: "s",
      title: "T",
      description: "D",
      industry: "I",
      client: "x".repeat(201),
      approach: ["Step", " "],
      results: [{ value: "", label: "" }],
    };
    expect(messagesOf(caseStudyInputSchema.safeParse(study))).toEqual({
      client: "Must be at most 200 characters",
      "approach.1": "Each approach step is required",
      "results.0.value": "Result value is required",
      "results.0.label": "Result label is required",
    });
    const many = {
      ...study,
      client: "",
      approach: Array.from({ length: 9 }, () => "Step"),
      results: Array.from({ length: 9 }, () => ({ value: "1", label: "one" })),
    };
    expect(messagesOf(caseStudyInputSchema.safeParse(many))).toEqual({
      approach: "At most 8 approach steps",
      results: "At most 8 results",
    });
  });

  it("saves a draft with only its title and slug, and asks the rest of it to publish", () => {
    const draft = { ...createEmptyInput("case-study"), slug: "t", title: "T" };
    expect(caseStudyInputSchema.safeParse(draft).success).toBe(true);
    const withRow = { ...draft, results: [{ value: "", label: "" }] };
    expect(caseStudyInputSchema.safeParse(withRow).success).toBe(true);
    // An image needs its description even in a draft.
    const withImage = { ...withRow, imageUrl: "/images/a.png" };
    expect(messagesOf(caseStudyInputSchema.safeParse(withImage))).toEqual({
      imageAlt: "Describe the image for people who cannot see it",
    });
    expect(
      messagesOf(caseStudyInputSchema.safeParse({ ...withImage, status: "scheduled" })),
    ).toEqual({
      description: "Summary is required",
      industry: "Industry is required",
      "results.0.value": "Result value is required",
      "results.0.label": "Result label is required",
      publishAt: "Choose the date and time to publish",
      imageAlt: "Describe the image for people who cannot see it",
    });
  });

  it("turns an input into its record and back", () => {
    const article = {
      ...createEmptyInput("article"),
      slug: "a",
      title: "A",
      excerpt: "B",
      category: "C",
      authorName: "Dana Ito",
      body: "<p>Text.</p>",
    };
    const record = toArticleRecord(article, "2026-05-04T10:00:00.000Z");
    expect(record).toMatchObject({
      author: { name: "Dana Ito", initials: "DI" },
      date: "May 4, 2026",
      readTime: "1 min read",
    });
    expect(toArticleInput(record, { status: "draft", publishAt: null })).toEqual(article);
    const study = {
      ...createEmptyInput("case-study"),
      slug: "s",
      title: "T",
      description: "D",
      industry: "I",
      approach: ["Step"],
      results: [{ value: "30%", label: "fewer calls" }],
      testimonial: { quote: "Q", name: "Ana Lopez", role: "R", company: "C" },
    };
    const stored = toCaseStudyRecord(study);
    expect(stored.testimonial.initials).toBe("AL");
    expect(toCaseStudyInput(stored, { status: "draft", publishAt: null })).toEqual(study);
  });
});

describe("search descriptions", () => {
  const fits = "x".repeat(70);

  it("accepts empty or 70 to 160 characters after trimming, and refuses the rest by name", () => {
    for (const schema of [articleInputSchema, caseStudyInputSchema] as const) {
      const base = {
        ...createEmptyInput(schema === articleInputSchema ? "article" : "case-study"),
      };
      const check = (seoDescription: string) => schema.safeParse({ ...base, seoDescription });
      const short = check("x".repeat(40));
      expect(short.error?.issues.find((issue) => issue.path[0] === "seoDescription")?.message).toBe(
        seoDescriptionMessage,
      );
      expect(check(` ${"x".repeat(69)} `).error?.issues.map((issue) => issue.path[0])).toContain(
        "seoDescription",
      );
      expect(check("x".repeat(161)).error?.issues.map((issue) => issue.path[0])).toContain(
        "seoDescription",
      );
      for (const ok of ["", "   ", fits, "y".repeat(160)]) {
        expect(check(ok).error?.issues.map((issue) => issue.path[0]) ?? []).not.toContain(
          "seoDescription",
        );
      }
    }
  });

  it("stores a written description trimmed", () => {
    expect(seoDescription.parse(` ${fits} `)).toBe(fits);
  });

  it("reads content and services stored before the field existed as empty", () => {
    const { seo: _seo, services, ...rest } = defaultContent;
    const older = {
      ...rest,
      services: {
        ...services,
        items: services.items.map(({ seoDescription: _written, ...service }) => service),
      },
    };
    const read = normalizeContent(JSON.parse(JSON.stringify(older)));
    expect(read.seo.home.seoDescription).toBe("");
    expect(read.services.items.map((service) => service.seoDescription)).toEqual(
      services.items.map(() => ""),
    );
    const refused = contentSchema.safeParse({
      ...defaultContent,
      seo: { ...defaultContent.seo, about: "Too short." },
    });
    expect(refused.error?.issues[0]?.path).toEqual(["seo", "about", "seoDescription"]);
    expect(refused.error?.issues[0]?.message).toBe(seoDescriptionMessage);
  });

  it("reads a page's description stored as text, before the other SEO settings existed", () => {
    const { seo, ...rest } = defaultContent;
    const written = "A description written before search titles, images and noindex came along.";
    const read = normalizeContent({ ...rest, seo: { ...seo, about: written, home: "" } });
    expect(read.seo.about).toEqual({ seoDescription: written });
    expect(read.seo.home).toEqual({ seoDescription: "" });
  });
});
