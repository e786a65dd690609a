// The uploaded logo as the link-preview cards draw it: a PNG of a fixed height (satori and resvg
// read no WebP, and an SVG's text needs the server's fonts), made once per logo, kept in memory.

import type { Logger } from "pino";
import sharp from "sharp";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { maxImagePixels } from "./image-rules";
import { getImageStore, type StoredOriginal } from "./image-store.server";
import { parseUploadUrl } from "./image-variants";
import { drawSvgAsPng, readSvgSource } from "./svg-images.server";

/** A logo a card can embed: a PNG data URL and its size in pixels. */
export type CardLogo = { src: string; width: number; height: number };

const maxKept = 8;
const kept = new Map<string, Promise<CardLogo | undefined>>();

async function drawLogo(original: StoredOriginal, height: number): Promise<CardLogo | undefined> {
  const source = original.file ?? original.bytes;
  let png: Buffer;
  if (original.extension === "svg") {
    if (!original.width || !original.height) return undefined;
    const width = Math.round((height * original.width) / original.height);
    png = drawSvgAsPng(await readSvgSource(source), width);
  } else {
    png = await sharp(source, { limitInputPixels: maxImagePixels, failOn: "error" })
      .resize({ height })
      .png()
      .toBuffer();
  }
  const size = await sharp(png).metadata();
  return {
    src: `data:image/png;base64,${png.toString("base64")}`,
    width: size.width,
    height: size.height,
  };
}

/**
 * The uploaded logo at `logoUrl` as a PNG `height` pixels high, or undefined for the built-in mark
 * and when the upload cannot be read (the card then shows the mark: a preview never breaks).
 */
export function readCardLogo(
  services: { config: Config; db: Db; logger: Logger },
  logoUrl: string,
  height: number,
): Promise<CardLogo | undefined> {
  const upload = parseUploadUrl(logoUrl);
  if (!upload) return Promise.resolve(undefined);
  const key = `${logoUrl} ${height}`;
  const known = kept.get(key);
  if (known) return known;
  const drawing = getImageStore(services)
    .openOriginal(upload.id)
    .then((original) => (original ? drawLogo(original, height) : undefined))
    .catch((error: unknown) => {
      services.logger.warn({ err: error, logo: logoUrl }, "logo not drawn for the link cards");
      kept.delete(key);
      return undefined;
    });
  kept.set(key, drawing);
  if (kept.size > maxKept) kept.delete(kept.keys().next().value ?? "");
  return drawing;
}
