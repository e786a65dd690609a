import { describe, expect, it } from "vitest";
import { isAllowedLinkHref } from "./rich-text";

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
