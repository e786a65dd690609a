import { describe, expect, it } from "vitest";
import {
  countWords,
  describeWordCount,
  getLinkAttributes,
  isAllowedLinkHref,
  isInternalLinkHref,
  isSiteImageSrc,
} from "./rich-text";

describe("isAllowedLinkHref", () => {
  it("accepts the spec's schemes and relative or scheme-less links", () => {
    for (const href of [
      "https://example.com",
      "HTTP://example.com",
      "ftp://x",
      "ftps://x",
      "mailto:a@b.co",
      "tel:+1",
      "callto:+1",
      "sms:+1",
      "cid:x",
      "xmpp:a@b.co",
      "/contact",
      "#top",
      "example.com/page",
    ]) {
      expect(isAllowedLinkHref(href), href).toBe(true);
    }
  });

  it("refuses other schemes, however they are disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0000javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "file:///etc/passwd",
      "",
    ]) {
      expect(isAllowedLinkHref(href), JSON.stringify(href)).toBe(false);
    }
  });
});

describe("isSiteImageSrc", () => {
  it("accepts the site's own image paths only", () => {
    expect(isSiteImageSrc("/images/uploads/0123abcd.png")).toBe(true);
    expect(isSiteImageSrc("/images/articles/cloud-migration.svg")).toBe(true);
    for (const src of [
      "https://example.com/images/a.png",
      "//example.com/images/a.png",
      "/images//example.com/a.png",
      "/images/../a.png",
      "/images/./a.png",
      "/images/a.png?x=1",
      "/images/a b.png",
      "/Images/a.png",
      "images/a.png",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "/images\\a.png",
    ]) {
      expect(isSiteImageSrc(src), src).toBe(false);
    }
  });
});

describe("getLinkAttributes", () => {
  it("gives links within the site no target and no rel", () => {
    expect(isInternalLinkHref("/blog/a")).toBe(true);
    expect(isInternalLinkHref("#top")).toBe(true);
    expect(isInternalLinkHref("//evil.example")).toBe(false);
    expect(isInternalLinkHref("/\\evil.example")).toBe(false);
    expect(getLinkAttributes("/blog/a", "_blank", "nofollow")).toEqual({});
  });

  it("keeps an external link's choices, adding noopener noreferrer to a new tab", () => {
    expect(getLinkAttributes("https://x.example")).toEqual({});
    expect(getLinkAttributes("https://x.example", "_blank")).toEqual({
      target: "_blank",
      rel: "noopener noreferrer",
    });
    expect(getLinkAttributes("https://x.example", null, "NOFOLLOW ugc")).toEqual({
      rel: "nofollow",
    });
    expect(getLinkAttributes("https://x.example", "_parent", "opener")).toEqual({});
  });
});

describe("countWords", () => {
  it("counts words and rounds the read time at 220 words a minute, at least 1", () => {
    expect(countWords("")).toEqual({ words: 0, minutes: 0 });
    expect(countWords("One")).toEqual({ words: 1, minutes: 1 });
    expect(countWords("It's a well-known fact — 42 times.")).toEqual({ words: 6, minutes: 1 });
    expect(countWords("word ".repeat(660))).toEqual({ words: 660, minutes: 3 });
    expect(describeWordCount("word ".repeat(523))).toBe("523 words · 2 min read");
    expect(describeWordCount("Hello")).toBe("1 word · 1 min read");
  });
});
