import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultArticles } from "./default-articles";
import { defaultCaseStudies } from "./default-case-studies";
import { defaultContent } from "./default-content";
import { articleSchema, caseStudySchema, contentSchema, iconNames } from "./schema";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));
const publicFile = (url: string) => `${publicDir}${url}`;
const textOf = (html: string) => html.replace(/<[^>]*>/g, "");
const allowedTags = new Set(["p", "strong", "em", "s", "ul", "ol", "li", "a", "h2", "h3", "br"]);
const tagsOf = (html: string) =>
  [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => (match[1] ?? "").toLowerCase());

describe("default site content", () => {
  it("parses with the content schema", () => {
    expect(() => contentSchema.parse(defaultContent)).not.toThrow();
  });

  it("has the spec's seven services in order, each with complete details", () => {
    expect(defaultContent.services.items.map((service) => service.title)).toEqual([
      "IT Strategy & Consulting",
      "Network & Security Solutions",
      "Cloud & Infrastructure",
      "Managed IT Services",
      "Process Optimization",
      "ServiceNow Administration",
      "ServiceNow Development",
    ]);
    for (const service of defaultContent.services.items) {
      expect(iconNames).toContain(service.icon);
      expect(service.benefits).toHaveLength(6);
      expect(service.approach).toHaveLength(4);
      expect(service.capabilities).toHaveLength(8);
      expect(service.useCases).toHaveLength(4);
      // Related services cut descriptions at 100 characters, so the cut must show.
      expect(textOf(service.description).length).toBeGreaterThan(100);
      expect(service.longDescription.length).toBeGreaterThan(0);
    }
    expect(defaultContent.services.whyChoose).toHaveLength(4);
  });

  it("has the about page's fixed values and approach steps", () => {
    expect(defaultContent.about.values.map((value) => value.title)).toEqual([
      "Excellence",
      "Client-Focused",
      "Innovation",
      "Reliability",
    ]);
    expect(defaultContent.about.approach.map((step) => step.title)).toEqual([
      "Assessment",
      "Collaboration",
      "Implementation",
      "Optimization",
    ]);
    expect(defaultContent.about.storyHeading).toBe("Our Story");
  });

  it("has the spec's fallback case studies, fixed headings and business hours", () => {
    expect(defaultContent.caseStudies.heading).toBe("Case Studies");
    expect(defaultContent.caseStudies.description).toBe(
      "Real solutions for real business challenges",
    );
    expect(defaultContent.caseStudies.items.map((item) => item.industry)).toEqual([
      "Healthcare",
      "Manufacturing",
      "Legal",
    ]);
    expect(
      defaultContent.caseStudies.items.some((item) =>
        item.description.includes("40% lower maintenance costs"),
      ),
    ).toBe(true);
    expect(defaultContent.blog.heading).toBe("IT Insights & Resources");
    expect(defaultContent.contact.hours).toEqual([
      { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
      { days: "Saturday", hours: "By appointment" },
      { days: "Sunday", hours: "Closed" },
    ]);
  });

  it("has a copyright line whose 2023 is replaced at render time", () => {
    expect(defaultContent.footer.copyright).toContain("2023");
  });

  it("uses only the editor's tags in rich text", () => {
    const richTexts = [
      defaultContent.general.description,
      defaultContent.hero.heading1,
      defaultContent.hero.heading2,
      defaultContent.about.content,
      defaultContent.about.story,
      defaultContent.legal.privacyPolicy,
      defaultContent.legal.termsOfService,
      ...defaultContent.services.items.map((service) => service.description),
      ...defaultCaseStudies.map((study) => study.body),
      ...defaultArticles.map((article) => article.body),
    ];
    for (const html of richTexts) {
      for (const tag of tagsOf(html)) expect(allowedTags).toContain(tag);
    }
  });
});

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
