// WCAG 2 contrast between two sRGB colours written as hex, and the sentence that names a ratio
// too low for text (the brand colours are refused with it).

/** Normal text needs at least this ratio (WCAG AA). */
export const minTextContrast = 4.5;

const hexColor = /^#[0-9a-f]{6}$/;

/** True for a colour written as #rrggbb (lower or upper case). */
export function isHexColor(value: string): boolean {
  return hexColor.test(value.toLowerCase());
}

function getChannel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function getLuminance(hex: string): number {
  return 0.2126 * getChannel(hex, 1) + 0.7152 * getChannel(hex, 3) + 0.0722 * getChannel(hex, 5);
}

/** The contrast ratio of two #rrggbb colours, 1 to 21, whichever order they come in. */
export function getContrastRatio(first: string, second: string): number {
  const [lighter, darker] = [getLuminance(first), getLuminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * The ratio as people read it, to one decimal; a ratio just under the minimum is cut rather than
 * rounded up, so a refusal never reads as the minimum itself (4.49 shows as 4.4, not 4.5).
 */
export function formatContrastRatio(ratio: number): string {
  const rounded = Math.round(ratio * 10) / 10;
  const shown =
    ratio < minTextContrast && rounded >= minTextContrast ? Math.floor(ratio * 10) / 10 : rounded;
  return `${shown}:1`;
}

/**
 * Why text of one colour on a background falls short, or undefined when it is readable:
 * "White text on #ffcc00 has a contrast of 1.6:1; it needs at least 4.5:1".
 */
export function describeLowContrast(
  background: string,
  text: { name: string; hex: string },
): string | undefined {
  const ratio = getContrastRatio(background, text.hex);
  if (ratio >= minTextContrast) return undefined;
  return `${text.name} text on ${background.toLowerCase()} has a contrast of ${formatContrastRatio(ratio)}; it needs at least ${minTextContrast}:1`;
}
