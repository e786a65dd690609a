import { describe, expect, it } from "vitest";
import { findLinkCharacterProblem, findSiteAddressProblem, isSiteAddress } from "./site-address";

describe("findSiteAddressProblem", () => {
  it("accepts paths of this site, with their query and fragment", () => {
    for (const path of ["/", "/contact", "/blog?category=AI", "/services#faq", "/a%20b", "/100%"]) {
      expect(findSiteAddressProblem(path), path).toBeUndefined();
    }
  });

  it("refuses what a browser would take to another host, encoded or not", () => {
    for (const outside of [
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\u0000/evil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/%09/evil.example",
      "/%0A/evil.example",
      "/%2F/evil.example",
      "/%252F/evil.example",
      "//evil.example",
      "https://evil.example/",
      "evil.example",
      "",
    ]) {
      expect(isSiteAddress(outside), JSON.stringify(outside)).toBe(false);
    }
  });

  it("says why in words", () => {
    expect(findSiteAddressProblem("/\\evil.example")).toMatch(/backslash/);
    expect(findSiteAddressProblem("/\t/evil.example")).toMatch(/tab/);
    expect(findSiteAddressProblem("/%5Cevil")).toMatch(/backslash .*encoded or not/);
    expect(findSiteAddressProblem("//evil.example")).toMatch(/single \//);
    expect(findSiteAddressProblem("contact")).toMatch(/starts with \//);
  });
});

describe("findLinkCharacterProblem", () => {
  it("finds tabs, line breaks and backslashes in any link, and nothing in a plain one", () => {
    expect(findLinkCharacterProblem("https://example.com/page?x=1")).toBeUndefined();
    expect(findLinkCharacterProblem("https://exam\tple.com")).toMatch(/tab/);
    expect(findLinkCharacterProblem("https://example.com\\@evil.example")).toMatch(/backslash/);
  });
});
