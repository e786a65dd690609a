// The built-in case studies and articles: valid, complete, with images that exist.
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultArticles } from "./default-articles";
import { defaultCaseStudies } from "./default-case-studies";
import { articleSchema, caseStudySchema } from "./schema";

describe("default case studies", () => {
  it("parse with the case study schema", () => {
    for (const study of defaultCaseStudies) {
      expect(() => caseStudySchema.parse(study)).not.toThrow();
    }
  });

  it("are the spec's three, each with four approach points and four results", () => {
    expect(defaultCaseStudies.map((study) => study.industry)).toEqual([
      "Financial Services",
      "Healthcare",
      "Manufacturing",
    ]);
    expect(new Set(defaultCaseStudies.map((study) => study.id)).size).toBe(3);
    for (const study of defaultCaseStudies) {
      expect(study.approach).toHaveLength(4);
      expect(study.results.map((result) => result.label)).toEqual([
        "Faster processing",
        "Cost reduction",
        "Customer satisfaction",
        "Fewer errors",
      ]);
    }
  });
});

describe("default articles", () => {
  it("parse with the article schema", () => {
    for (const article of defaultArticles) {
      expect(() => articleSchema.parse(article)).not.toThrow();
    }
  });

  it("are the spec's three, one per category", () => {
    expect(defaultArticles.map((article) => article.category)).toEqual([
      "Cybersecurity",
      "Artificial Intelligence",
      "Digital Transformation",
    ]);
    expect(new Set(defaultArticles.map((article) => article.id)).size).toBe(3);
  });

  it("have at least one excerpt that the listing truncates at 150 characters", () => {
    expect(defaultArticles.some((article) => article.excerpt.length > 150)).toBe(true);
  });
});

describe("default images", () => {
  const urls = [
    ...defaultCaseStudies.map((study) => study.imageUrl),
    ...defaultArticles.map((article) => article.imageUrl),
    "/images/placeholder.svg",
  ];

  it.each(urls)("%s exists under public/ and is a small self-contained SVG", (url) => {
    const file = publicFile(url);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(6 * 1024);
    const svg = readFileSync(file, "utf8");
    expect(svg).toContain('viewBox="0 0 1200 800"');
    expect(svg).not.toMatch(/<script|<text|<image|<foreignObject|href=/i);
  });
});

describe("default bodies", () => {
  it("use only the editor's tags", () => {
    const bodies = [
      ...defaultCaseStudies.map((study) => study.body),
      ...defaultArticles.map((article) => article.body),
    ];
    for (const html of bodies) {
      for (const tag of tagsOf(html)) expect(allowedTags).toContain(tag);
    }
  });
});

const publicDir = fileURLToPath(new URL("../../../public", import.meta.url));
const publicFile = (url: string) => `${publicDir}${url}`;
const allowedTags = new Set(["p", "strong", "em", "s", "ul", "ol", "li", "a", "h2", "h3", "br"]);
const tagsOf = (html: string) =>
  [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => (match[1] ?? "").toLowerCase());
