// The font families the site offers for headings and text, all self-hosted from @fontsource
// packages (Latin subset, WOFF2), with the fallback stack each one degrades to.

const sansFallback =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const serifFallback = 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif';

export const fontFamilies = {
  inter: { label: "Inter", cssName: "Inter", fallback: sansFallback },
  "ibm-plex-sans": { label: "IBM Plex Sans", cssName: "IBM Plex Sans", fallback: sansFallback },
  manrope: { label: "Manrope", cssName: "Manrope", fallback: sansFallback },
  "source-serif-4": { label: "Source Serif 4", cssName: "Source Serif 4", fallback: serifFallback },
  lora: { label: "Lora", cssName: "Lora", fallback: serifFallback },
} as const;

export type FontFamilyId = keyof typeof fontFamilies;
export const fontFamilyIds = Object.keys(fontFamilies) as [FontFamilyId, ...FontFamilyId[]];

/** The weights the site's classes use (normal, medium, semibold, bold); every family has them. */
export const fontWeights = [400, 500, 600, 700] as const;
export type FontWeight = (typeof fontWeights)[number];

/** The CSS font-family value of a family: its name, then its fallbacks. */
export function getFontStack(id: FontFamilyId): string {
  const family = fontFamilies[id];
  return `"${family.cssName}", ${family.fallback}`;
}
