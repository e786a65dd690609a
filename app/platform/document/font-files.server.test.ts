// The font rules a brand's choice puts in every page: the system font brings no file to fetch.
import { describe, expect, it } from "vitest";
import { buildFontCss, listPreloadedFonts, readFontFile } from "./font-files.server";

describe("font files", () => {
  it("gives the system font no @font-face, no preload and no file", () => {
    const css = buildFontCss("system", "system");
    expect(css).not.toContain("@font-face");
    expect(css).not.toContain("url(");
    expect(css).toContain("--font-sans:ui-sans-serif, system-ui");
    expect(listPreloadedFonts("system", "system")).toEqual([]);
    expect(readFontFile("system", "5.3.0", "400.woff2")).toBeUndefined();
  });

  it("serves only the hosted family when the other is the system font", () => {
    const css = buildFontCss("system", "lora");
    expect(css.match(/@font-face/g)).toHaveLength(4);
    expect(css).toContain('--font-heading:"Lora", ui-serif');
    expect(listPreloadedFonts("system", "lora")).toEqual([
      expect.stringMatching(/^\/fonts\/lora\/[0-9.]+\/700\.woff2$/),
    ]);
  });
});
