// The font files of the offered families, read from their npm packages: their addresses (the
// package's version in the path, so they may be cached for good) and their bytes, read once.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  type FontFamilyId,
  type FontWeight,
  fontFamilies,
  fontWeights,
  getFontStack,
  type HostedFontFamilyId,
  isHostedFont,
} from "./font-families";

const require = createRequire(import.meta.url);
const versions = new Map<HostedFontFamilyId, string>();

function getPackageDir(id: HostedFontFamilyId): string {
  return dirname(require.resolve(`@fontsource/${id}/package.json`));
}

/** The installed package's version, part of every file's address. */
function getFontVersion(id: HostedFontFamilyId): string {
  let version = versions.get(id);
  if (!version) {
    version = (require(`@fontsource/${id}/package.json`) as { version: string }).version;
    versions.set(id, version);
  }
  return version;
}

/** /fonts/lora/5.2.8/700.woff2 */
export function getFontFileUrl(id: HostedFontFamilyId, weight: FontWeight): string {
  return `/fonts/${id}/${getFontVersion(id)}/${weight}.woff2`;
}

const files = new Map<string, Promise<Buffer>>();

/**
 * The bytes at a font address: undefined for a family, version or weight the site does not offer
 * (an older version's address answers 404, never another file under a name cached for good).
 */
export function readFontFile(
  family: string,
  version: string,
  file: string,
): Promise<Buffer> | undefined {
  if (!Object.hasOwn(fontFamilies, family) || !isHostedFont(family as FontFamilyId)) {
    return undefined;
  }
  const id = family as HostedFontFamilyId;
  const weight = Number(/^([0-9]{3})\.woff2$/.exec(file)?.[1]);
  if (!fontWeights.includes(weight as FontWeight) || version !== getFontVersion(id)) {
    return undefined;
  }
  const key = `${id}/${weight}`;
  let bytes = files.get(key);
  if (!bytes) {
    bytes = readFile(join(getPackageDir(id), "files", `${id}-latin-${weight}-normal.woff2`));
    bytes.catch(() => files.delete(key));
    files.set(key, bytes);
  }
  return bytes;
}

/**
 * The @font-face rules of the chosen families (one per weight: a browser fetches only the weights
 * a page draws) and the stylesheet variables that apply them to text and to headings. No
 * unicode-range: every page has Latin text, so the files are always fetched, and a glyph they lack
 * falls back to the next font of the stack either way; the range cost 1.5 KB of every page (in the
 * page's head and again in its hydration data).
 */
export function buildFontCss(body: FontFamilyId, heading: FontFamilyId): string {
  const families = (body === heading ? [body] : [body, heading]).filter(isHostedFont);
  const faces = families.flatMap((id) =>
    fontWeights.map(
      (weight) =>
        `@font-face{font-family:"${fontFamilies[id].cssName}";font-style:normal;font-weight:${weight};font-display:swap;src:url(${getFontFileUrl(id, weight)}) format("woff2")}`,
    ),
  );
  return `${faces.join("")}:root{--font-sans:${getFontStack(body)};--font-heading:${getFontStack(heading)}}`;
}

/** The two files every page draws first (text at 400, headings at 700), to preload. */
export function listPreloadedFonts(body: FontFamilyId, heading: FontFamilyId): string[] {
  return [
    ...(isHostedFont(body) ? [getFontFileUrl(body, 400)] : []),
    ...(isHostedFont(heading) ? [getFontFileUrl(heading, 700)] : []),
  ];
}
