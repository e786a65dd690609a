// The font families the site offers for headings and text: the visitor's own system font (nothing
// to download), or one self-hosted from an @fontsource package (Latin subset, WOFF2), each with
// the fallback stack it degrades to.

const sansFallback =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const serifFallback = 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif';

type FontFamily = {
  label: string;
  /** The @font-face name of a self-hosted family; null for the system font (no files). */
  cssName: string | null;
  fallback: string;
};

export const fontFamilies = {
  // The default: a downloaded font is fetched before the first paint, and on a phone's
  // connection that made the largest paint of every page about half a second later.
  system: {
    label: "System font (fastest, nothing to download)",
    cssName: null,
    fallback: sansFallback,
  },
  inter: { label: "Inter", cssName: "Inter", fallback: sansFallback },
  "ibm-plex-sans": { label: "IBM Plex Sans", cssName: "IBM Plex Sans", fallback: sansFallback },
  manrope: { label: "Manrope", cssName: "Manrope", fallback: sansFallback },
  "source-serif-4": { label: "Source Serif 4", cssName: "Source Serif 4", fallback: serifFallback },
  lora: { label: "Lora", cssName: "Lora", fallback: serifFallback },
} as const satisfies Record<string, FontFamily>;

export type FontFamilyId = keyof typeof fontFamilies;
export const fontFamilyIds = Object.keys(fontFamilies) as [FontFamilyId, ...FontFamilyId[]];
/** The families with files to serve: all but the system font. */
export type HostedFontFamilyId = Exclude<FontFamilyId, "system">;

export function isHostedFont(id: FontFamilyId): id is HostedFontFamilyId {
  return fontFamilies[id].cssName !== null;
}

/** The weights the site's classes use (normal, medium, semibold, bold); every family has them. */
export const fontWeights = [400, 500, 600, 700] as const;
export type FontWeight = (typeof fontWeights)[number];

/** The CSS font-family value of a family: its name, then its fallbacks. */
export function getFontStack(id: FontFamilyId): string {
  const family: FontFamily = fontFamilies[id];
  return family.cssName === null ? family.fallback : `"${family.cssName}", ${family.fallback}`;
}
