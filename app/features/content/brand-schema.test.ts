import { describe, expect, it } from "vitest";
import { brandSchema, defaultBrand, searchEnginesSchema } from "./brand-schema";

describe("search engine verification codes", () => {
  it("keeps plain tokens, trimmed", () => {
    expect(
      searchEnginesSchema.parse({ googleVerification: " aB3_-x ", bingVerification: "" }),
    ).toEqual({ googleVerification: "aB3_-x", bingVerification: "" });
  });

  it("refuses markup, quotes, spaces and a pasted tag", () => {
    for (const hostile of [
      '<meta name="google-site-verification" content="abc">',
      '"><script>alert(1)</script>',
      "abc def",
      "abc'",
      "x".repeat(201),
    ]) {
      const result = searchEnginesSchema.safeParse({
        googleVerification: "",
        bingVerification: hostile,
      });
      expect(result.success, hostile).toBe(false);
    }
  });
});

describe("brand", () => {
  it("takes the defaults and lower-cases a passing colour", () => {
    expect(brandSchema.parse({ ...defaultBrand, primaryColor: "#6D28D9" }).primaryColor).toBe(
      "#6d28d9",
    );
  });

  it("refuses a colour white text fails on with the ratio, and any other colour syntax", () => {
    const refused = brandSchema.safeParse({ ...defaultBrand, accentColor: "#FFCC00" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "White text on #ffcc00 has a contrast of 1.5:1; it needs at least 4.5:1",
    ]);
    for (const colour of ["red", "#fff", "#1d4ed8;}body{", "url(x)"]) {
      expect(brandSchema.safeParse({ ...defaultBrand, primaryColor: colour }).success).toBe(false);
    }
  });

  it("takes a logo and icon from the library only, and a font from the list", () => {
    const upload = `/images/uploads/${"a".repeat(32)}.png`;
    expect(
      brandSchema.safeParse({ ...defaultBrand, logoUrl: upload, iconUrl: upload }).success,
    ).toBe(true);
    for (const url of ["https://evil.example/logo.png", "/images/site/logo.svg", "javascript:x"]) {
      expect(brandSchema.safeParse({ ...defaultBrand, logoUrl: url }).success, url).toBe(false);
    }
    expect(brandSchema.safeParse({ ...defaultBrand, bodyFont: "comic-sans" }).success).toBe(false);
  });
});
