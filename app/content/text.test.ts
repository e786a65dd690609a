import { describe, expect, it } from "vitest";
import { formatCopyright, getProfileLabel, toPlainText, toTelHref, truncate } from "./text";

describe("truncate", () => {
  it("keeps text at or under the limit", () => {
    expect(truncate("a".repeat(100), 100)).toBe("a".repeat(100));
  });
  it("cuts longer text to the limit plus an ellipsis", () => {
    expect(truncate("a".repeat(101), 100)).toBe(`${"a".repeat(100)}...`);
    expect(truncate("x".repeat(200), 150)).toHaveLength(153);
  });
});

describe("toTelHref", () => {
  it("keeps digits only", () => {
    expect(toTelHref("+1 (512) 555-0147")).toBe("tel:15125550147");
  });
});

describe("formatCopyright", () => {
  it("replaces 2023 with the current year", () => {
    expect(formatCopyright("© 2023 Clearline. All rights reserved.", 2026)).toBe(
      "© 2026 Clearline. All rights reserved.",
    );
  });
});

describe("toPlainText", () => {
  it("drops tags and decodes common entities", () => {
    expect(toPlainText("<p>Fast &amp; <strong>secure</strong></p><p>IT</p>")).toBe(
      "Fast & secure IT",
    );
  });
  it("decodes both spellings of the apostrophe", () => {
    expect(toPlainText("<p>We&#39;re here, you&#x27;re welcome</p>")).toBe(
      "We're here, you're welcome",
    );
  });
  it("separates blocks but adds no space where an inline mark ends before punctuation", () => {
    expect(
      toPlainText(
        "<p>Fast <strong>secure</strong>, <em>simple</em>.</p><ul><li>A</li><li>B</li></ul>",
      ),
    ).toBe("Fast secure, simple. A B");
  });
});

describe("getProfileLabel", () => {
  it("names LinkedIn and falls back to a generic label", () => {
    expect(getProfileLabel("https://www.linkedin.com/company/x")).toBe("LinkedIn");
    expect(getProfileLabel("https://example.com/me")).toBe("Professional profile");
    expect(getProfileLabel("not a url")).toBe("Professional profile");
  });
});
