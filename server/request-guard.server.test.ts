import { describe, expect, it } from "vitest";
import { hasControlCharacterInPath } from "./request-guard.server";

/** "%0A" and "%0a" for one byte. */
function bothCases(byte: number): string[] {
  const hex = byte.toString(16).padStart(2, "0");
  return [`%${hex.toLowerCase()}`, `%${hex.toUpperCase()}`];
}

/** The percent-encoded UTF-8 of one character, as a browser writes it. */
function encode(codePoint: number): string {
  return encodeURIComponent(String.fromCodePoint(codePoint));
}

describe("hasControlCharacterInPath", () => {
  const controls = [
    ...Array.from({ length: 0x20 }, (_, i) => i),
    0x7f,
    ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    0x2028,
    0x2029,
  ];

  it("finds every C0 and C1 control, DEL and the line and paragraph separators, in any case", () => {
    const missed = controls.filter((codePoint) => {
      const variants =
        codePoint < 0x80
          ? bothCases(codePoint)
          : [encode(codePoint), encode(codePoint).toLowerCase()];
      return !variants.every((encoded) => hasControlCharacterInPath(`/about${encoded}`));
    });
    expect(missed).toEqual([]);
    expect(hasControlCharacterInPath("/%0a")).toBe(true);
    expect(hasControlCharacterInPath("/blog/%e2%80%a8/x")).toBe(true);
  });

  it("lets printable characters through, however they are written", () => {
    for (const codePoint of [0x20, 0x2f, 0x41, 0x7e, 0xa0, 0xe9, 0x2027, 0x202a, 0x20ac, 0x1f600]) {
      expect(hasControlCharacterInPath(`/blog/${encode(codePoint)}`)).toBe(false);
    }
    expect(hasControlCharacterInPath("/services/it-strategy-consulting")).toBe(false);
    // An escaped percent sign followed by digits is text, not a control character.
    expect(hasControlCharacterInPath("/blog/100%250a")).toBe(false);
  });

  it("leaves the query alone: a line break typed into a search box is ordinary input", () => {
    expect(hasControlCharacterInPath("/blog?q=first%0Asecond")).toBe(false);
    expect(hasControlCharacterInPath("/blog?q=%e2%80%a8&page=%00")).toBe(false);
    expect(hasControlCharacterInPath("/blog%0a?q=x")).toBe(true);
  });
});
