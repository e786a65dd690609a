import { describe, expect, it } from "vitest";
import { formatPageTitle } from "./meta";
import {
  buildPreviewTexts,
  checkDescriptionLength,
  formatResultAddress,
  shortenForResult,
} from "./search-preview";

const site = {
  siteUrl: "https://clearline.example",
  companyName: "Clearline IT Consulting",
  tagline: "Practical IT for growing businesses",
};

describe("search result texts", () => {
  it("titles the page as its <title> does: the company name once", () => {
    expect(formatPageTitle("Blog", site.companyName)).toBe("Blog | Clearline IT Consulting");
    expect(formatPageTitle("Clearline IT Consulting | Home", site.companyName)).toBe(
      "Clearline IT Consulting | Home",
    );
  });

  it("leaves the company name off where the page's settings say so, as its <title> does", () => {
    const facts = { title: "Free M365 audit", path: "/offer", computed: "", written: "" };
    expect(buildPreviewTexts({ ...facts, siteNameInTitle: false }, site).pageTitle).toBe(
      "Free M365 audit",
    );
    expect(buildPreviewTexts({ ...facts, siteNameInTitle: true }, site).resultTitle).toBe(
      "Free M365 audit | Clearline IT Consulting",
    );
    expect(formatPageTitle("Free M365 audit", site.companyName, false)).toBe("Free M365 audit");
  });

  it("cuts a long title after a whole word with an ellipsis, about 60 characters", () => {
    const texts = buildPreviewTexts(
      {
        title: "Digital Transformation for Small Firms: Where to Start and What to Skip",
        path: "/blog/x",
        computed: "",
        written: "",
      },
      site,
    );
    expect(texts.pageTitle).toBe(
      "Digital Transformation for Small Firms: Where to Start and What to Skip | Clearline IT Consulting",
    );
    expect(texts.resultTitle).toBe("Digital Transformation for Small Firms: Where to Start and…");
    expect(texts.resultTitle.length).toBeLessThanOrEqual(60);
  });

  it("keeps a short text whole and cuts one long unbroken word at the limit", () => {
    expect(shortenForResult("  Our   blog ", 60)).toBe("Our blog");
    expect(shortenForResult("x".repeat(100), 60)).toBe(`${"x".repeat(59)}…`);
  });

  it("shows the address breadcrumb-like, from the canonical origin", () => {
    expect(formatResultAddress("https://clearline.example/blog/cloud-costs")).toBe(
      "clearline.example › blog › cloud-costs",
    );
    expect(formatResultAddress("https://clearline.example/")).toBe("clearline.example");
  });

  it("uses the written description as it is, cut to 160 characters in the result", () => {
    const written =
      "A written description that explains the page well enough for a searcher to click it.";
    const texts = buildPreviewTexts(
      { title: "Blog", path: "/blog", computed: "Ignored.", written },
      site,
    );
    expect(texts.description).toBe(written);
    expect(texts.resultDescription).toBe(written);
    expect(texts.fallback).toBe(false);
    expect(texts.url).toBe("https://clearline.example/blog");
  });

  it("falls back to the computed description, with the company's sentence when it is short", () => {
    const texts = buildPreviewTexts(
      { title: "Blog", path: "/blog", computed: "Insights on IT.", written: "  " },
      site,
    );
    expect(texts.fallback).toBe(true);
    expect(texts.description).toBe(
      "Insights on IT. Clearline IT Consulting: Practical IT for growing businesses.",
    );
  });

  it("fits a long computed description as the head tags do (160 characters at most)", () => {
    const computed = "Cloud migration done right. ".repeat(10);
    const texts = buildPreviewTexts({ title: "Cloud", path: "/c", computed, written: "" }, site);
    expect(texts.description.length).toBeLessThanOrEqual(160);
    expect(texts.description.length).toBeGreaterThanOrEqual(70);
  });
});

describe("checkDescriptionLength", () => {
  it("counts and says in words whether the length fits 70-160", () => {
    expect(checkDescriptionLength("")).toMatchObject({
      verdict: "empty",
      count: "0 / 70-160 characters",
    });
    expect(checkDescriptionLength("x".repeat(50))).toMatchObject({
      verdict: "short",
      count: "50 / 70-160 characters",
      advice: "Too short: add 20 or more.",
    });
    expect(checkDescriptionLength("x".repeat(142))).toMatchObject({
      verdict: "good",
      count: "142 / 70-160 characters",
      advice: "Good length.",
    });
    expect(checkDescriptionLength("x".repeat(170))).toMatchObject({
      verdict: "long",
      advice: "Too long: remove 10 or more.",
    });
  });

  it("counts as the server checks: without surrounding spaces", () => {
    expect(checkDescriptionLength(`  ${"x".repeat(70)}  `).verdict).toBe("good");
  });
});
