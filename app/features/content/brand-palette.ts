// The colours the public site draws from the brand's two: the dark bands (footer, call to action),
// the light tints of page headers and badges, and the accent's light shade on dark bands. Made
// here once, for the pages' CSS variables, the link cards and the Brand screen's contrast check,
// which measures every text and background pair the site draws with them.
import {
  describeLowContrast,
  formatContrastRatio,
  getContrastRatio,
  minTextContrast,
} from "~/platform/color-contrast";

export type BrandColors = { primaryColor: string; accentColor: string };

export type BrandPalette = {
  /** The footer's and the dark bands' background. */
  navy: string;
  /** Page headers' light wash, badges and icon chips. */
  tint: string;
  tintStrong: string;
  tintBorder: string;
  /** The accent on dark bands: icons, eyebrows, links. */
  accentLight: string;
  /** The accent's light wash behind its icons. */
  accentTint: string;
  accentTintStrong: string;
};

/** The darkest the dark bands go: the primary colour is mixed into it. */
const ink = "#050b18";
const white = "#ffffff";

/** Two #rrggbb colours mixed channel by channel, `share` (0 to 1) of the first. */
export function mixColors(first: string, second: string, share: number): string {
  const channel = (hex: string, offset: number) =>
    Number.parseInt(hex.slice(offset, offset + 2), 16);
  const mixed = [1, 3, 5].map((offset) =>
    Math.round(channel(first, offset) * share + channel(second, offset) * (1 - share)),
  );
  return `#${mixed.map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}

export function deriveBrandPalette({ primaryColor, accentColor }: BrandColors): BrandPalette {
  return {
    navy: mixColors(primaryColor, ink, 0.2),
    tint: mixColors(primaryColor, white, 0.06),
    tintStrong: mixColors(primaryColor, white, 0.14),
    tintBorder: mixColors(primaryColor, white, 0.25),
    accentLight: mixColors(accentColor, white, 0.4),
    accentTint: mixColors(accentColor, white, 0.07),
    accentTintStrong: mixColors(accentColor, white, 0.15),
  };
}

/** The palette as the CSS variables the site's classes read (bg-navy, to-tint, text-accent-light). */
export function formatPaletteVariables(palette: BrandPalette): string {
  return [
    `--color-navy:${palette.navy}`,
    `--color-tint:${palette.tint}`,
    `--color-tint-strong:${palette.tintStrong}`,
    `--color-tint-border:${palette.tintBorder}`,
    `--color-accent-light:${palette.accentLight}`,
    `--color-accent-tint:${palette.accentTint}`,
    `--color-accent-tint-strong:${palette.accentTintStrong}`,
  ].join(";");
}

type TextPair = {
  field: keyof BrandColors;
  text: { name: string; hex: string };
  background: string;
  /** Where the site draws it, in the owner's words; none: the colour itself (buttons, links). */
  place?: string;
};

/** The fixed text colours the site sets on its coloured bands. */
const lightText = { name: "Light grey", hex: "#cbd5e1" };
const slateText = { name: "Grey", hex: "#475569" };

/** Every text and background pair the public site draws with the brand's colours. */
export function listBrandTextPairs(colors: BrandColors): TextPair[] {
  const { primaryColor: primary, accentColor: accent } = colors;
  const palette = deriveBrandPalette(colors);
  return [
    { field: "primaryColor", text: { name: "White", hex: white }, background: primary },
    {
      field: "primaryColor",
      text: lightText,
      background: palette.navy,
      place: "the footer and dark bands",
    },
    {
      field: "primaryColor",
      text: { name: "Primary-coloured", hex: primary },
      background: palette.tint,
      place: "the page headers' light wash",
    },
    {
      field: "primaryColor",
      text: slateText,
      background: palette.tintStrong,
      place: "the page headers' light wash",
    },
    { field: "accentColor", text: { name: "White", hex: white }, background: accent },
    {
      field: "accentColor",
      text: { name: "Accent-coloured", hex: palette.accentLight },
      background: palette.navy,
      place: "the footer's links and icons",
    },
    {
      field: "accentColor",
      text: { name: "Accent-coloured", hex: accent },
      background: palette.accentTint,
      place: "the accent's light badges",
    },
  ];
}

/** Why one pair is hard to read, or undefined when it is readable. */
function describePair(pair: TextPair): string | undefined {
  if (!pair.place) return describeLowContrast(pair.background, pair.text);
  const ratio = getContrastRatio(pair.background, pair.text.hex);
  if (ratio >= minTextContrast) return undefined;
  return `${pair.text.name} text on ${pair.place} (${pair.background}, made from this colour) has a contrast of ${formatContrastRatio(ratio)}; it needs at least ${minTextContrast}:1`;
}

/** Each colour's first unreadable pair, by field; empty when the site reads well everywhere. */
export function findBrandContrastProblems(
  colors: BrandColors,
): Partial<Record<keyof BrandColors, string>> {
  const problems: Partial<Record<keyof BrandColors, string>> = {};
  for (const pair of listBrandTextPairs(colors)) {
    if (problems[pair.field]) continue;
    const problem = describePair(pair);
    if (problem) problems[pair.field] = problem;
  }
  return problems;
}
