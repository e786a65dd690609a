import { describe, expect, it } from "vitest";
import { toTelHref, truncate } from "./display-text";

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
