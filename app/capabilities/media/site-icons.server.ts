// Draws the site icon's files from one image with sharp: square PNGs cropped around the centre,
// the apple-touch icon on white (iOS paints transparency black). Kept in memory per source.
import sharp from "sharp";
import { maxImagePixels } from "./image-rules";
import type { StoredOriginal } from "./image-store.server";
import { type SiteIconFile, siteIconFiles } from "./site-icons";
import { drawSvgAsPng, readSvgSource } from "./svg-images.server";

/** The built-in icon: the firm's mark, as public/favicon.svg draws it. */
export const builtInIconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512"><rect width="32" height="32" rx="8" fill="#0b1b36"/><path d="M9 20.5 16 9l7 11.5" fill="none" stroke="#2dd4bf" stroke-width="3" stroke-linecap="round"/><path d="M11.5 23h9" stroke="#60a5fa" stroke-width="3" stroke-linecap="round"/></svg>';

const maxKept = 20;
const kept = new Map<string, Promise<Buffer>>();

function drawSiteIcon(source: string | Uint8Array, file: SiteIconFile): Promise<Buffer> {
  const size = siteIconFiles[file];
  let image = sharp(source, { limitInputPixels: maxImagePixels, failOn: "error" })
    .autoOrient()
    .resize(size, size, { fit: "cover", position: "centre" });
  if (file === "apple-touch-icon.png") image = image.flatten({ background: "#ffffff" });
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** The largest icon file's side: what an uploaded SVG is drawn at before it is cropped. */
const largestIcon = Math.max(...Object.values(siteIconFiles));

/** What an uploaded icon's files are drawn from: its file, or an SVG's PNG (drawn by resvg). */
export async function readIconSource(original: StoredOriginal): Promise<string | Uint8Array> {
  const source = original.file ?? original.bytes;
  if (original.extension !== "svg") return source;
  return drawSvgAsPng(await readSvgSource(source), largestIcon, true);
}

/**
 * One icon file of a source ("mark-1" or an upload's id); `readSource` gives the original's
 * file or bytes and is only called when the file is not kept yet.
 */
export function renderSiteIcon(
  sourceId: string,
  file: SiteIconFile,
  readSource: () => Promise<string | Uint8Array>,
): Promise<Buffer> {
  const key = `${sourceId}/${file}`;
  const known = kept.get(key);
  if (known) return known;
  const drawing = readSource().then((source) => drawSiteIcon(source, file));
  // A failed drawing is not kept: the next request tries again.
  drawing.catch(() => kept.delete(key));
  kept.set(key, drawing);
  if (kept.size > maxKept) kept.delete(kept.keys().next().value ?? "");
  return drawing;
}
