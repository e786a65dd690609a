import { describe, expect, it } from "vitest";
import { foldForSearch, toSearchPatterns } from "./search-text";

describe("foldForSearch", () => {
  it("lower-cases and strips accents, so 'Zoë MÜLLER' reads as 'zoe muller'", () => {
    expect(foldForSearch("Zoë MÜLLER, Crème Brûlée Ltd")).toBe("zoe muller, creme brulee ltd");
  });
});

describe("toSearchPatterns", () => {
  it("gives one folded LIKE pattern per word, with LIKE's own characters escaped", () => {
    expect(toSearchPatterns("  Zoë   50%_off \\ ")).toEqual(["%zoe%", "%50\\%\\_off%", "%\\\\%"]);
  });

  it("gives none for an empty query and at most eight", () => {
    expect(toSearchPatterns("   ")).toEqual([]);
    expect(toSearchPatterns("a b c d e f g h i j")).toHaveLength(8);
  });
});
