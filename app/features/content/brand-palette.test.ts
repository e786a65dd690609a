import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getContrastRatio } from "~/platform/color-contrast";
import {
  deriveBrandPalette,
  findBrandContrastProblems,
  formatPaletteVariables,
  mixColors,
} from "./brand-palette";
import { defaultBrand } from "./brand-schema";

describe("the brand's palette", () => {
  it("mixes two colours channel by channel", () => {
    expect(mixColors("#ffffff", "#000000", 0.5)).toBe("#808080");
    expect(mixColors("#1d4ed8", "#ffffff", 1)).toBe("#1d4ed8");
  });

  it("derives the dark bands and light washes from the brand's colours", () => {
    const blue = deriveBrandPalette(defaultBrand);
    const red = deriveBrandPalette({ ...defaultBrand, primaryColor: "#9f1239" });
    expect(red.navy).not.toBe(blue.navy);
    expect(red.tint).not.toBe(blue.tint);
    // Dark enough for light text, light enough for dark text.
    expect(getContrastRatio(red.navy, "#ffffff")).toBeGreaterThan(12);
    expect(getContrastRatio(red.tint, "#0f172a")).toBeGreaterThan(15);
  });

  it("is the stylesheet's default: a page without the brand's variables looks the same", () => {
    const css = readFileSync(new URL("../../site-theme.css", import.meta.url), "utf8");
    for (const variable of formatPaletteVariables(deriveBrandPalette(defaultBrand)).split(";")) {
      expect(css).toContain(`${variable.replace(":", ": ")};`);
    }
  });

  it("finds nothing to refuse in the default colours", () => {
    expect(findBrandContrastProblems(defaultBrand)).toEqual({});
  });

  it("refuses a colour white text passes on whose page headers or badges would be hard to read", () => {
    // #1a73e8 has 4.5:1 with white, but less on the page headers' wash made from it.
    expect(getContrastRatio("#1a73e8", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(findBrandContrastProblems({ primaryColor: "#1a73e8", accentColor: "#1a73e8" })).toEqual({
      primaryColor:
        "Primary-coloured text on the page headers' light wash (#f1f7fe, made from this colour) has a contrast of 4.2:1; it needs at least 4.5:1",
      accentColor:
        "Accent-coloured text on the accent's light badges (#eff5fd, made from this colour) has a contrast of 4.1:1; it needs at least 4.5:1",
    });
    // White text on it stays the first thing said when that fails.
    expect(
      findBrandContrastProblems({ ...defaultBrand, primaryColor: "#ffcc00" }).primaryColor,
    ).toBe("White text on #ffcc00 has a contrast of 1.5:1; it needs at least 4.5:1");
  });
});
