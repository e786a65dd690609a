import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import { parseIfMatch } from "./if-match.server";

describe("parseIfMatch", () => {
  it("reads the version the editor loaded, strong or weak", () => {
    expect(parseIfMatch('"12"')).toBe(12);
    expect(parseIfMatch(' W/"7" ')).toBe(7);
  });

  it("does not check when the header is absent or *", () => {
    expect(parseIfMatch(null)).toBeUndefined();
    expect(parseIfMatch("*")).toBeUndefined();
  });

  it("refuses anything else as bad input", () => {
    for (const header of ["12", '"abc"', '"1", "2"', "", '"-1"']) {
      expect(() => parseIfMatch(header), header).toThrow(ApiError);
      try {
        parseIfMatch(header);
      } catch (error) {
        expect((error as ApiError).status).toBe(400);
      }
    }
  });
});
