import { describe, expect, it } from "vitest";
import {
  describeLowContrast,
  formatContrastRatio,
  getContrastRatio,
  isHexColor,
} from "./color-contrast";

const white = { name: "White", hex: "#ffffff" };

describe("colour contrast", () => {
  it("measures the WCAG ratios of known pairs", () => {
    expect(getContrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(getContrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // The site's default blue takes white text at about 6.7:1, either order.
    expect(getContrastRatio("#1d4ed8", "#ffffff")).toBeCloseTo(6.7, 1);
    expect(getContrastRatio("#ffffff", "#1d4ed8")).toBeCloseTo(6.7, 1);
    expect(getContrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("refuses white text on a yellow with the measured ratio", () => {
    expect(describeLowContrast("#FFCC00", white)).toBe(
      "White text on #ffcc00 has a contrast of 1.5:1; it needs at least 4.5:1",
    );
  });

  it("accepts colours at or above 4.5:1 and refuses those just below", () => {
    expect(describeLowContrast("#767676", white)).toBeUndefined();
    expect(describeLowContrast("#1d4ed8", white)).toBeUndefined();
    // #777777 is 4.48:1: it must not read as 4.5.
    expect(describeLowContrast("#777777", white)).toContain("a contrast of 4.4:1");
  });

  it("shows the ratio to one decimal, never rounding a refusal up to the minimum", () => {
    expect(formatContrastRatio(1.56)).toBe("1.6:1");
    expect(formatContrastRatio(4.499)).toBe("4.4:1");
    expect(formatContrastRatio(21)).toBe("21:1");
  });

  it("knows #rrggbb colours only", () => {
    expect(isHexColor("#1D4ED8")).toBe(true);
    for (const value of ["1d4ed8", "#fff", "#1d4ed8ff", "red", "#1d4ed8;", "#gggggg", ""]) {
      expect(isHexColor(value)).toBe(false);
    }
  });
});
