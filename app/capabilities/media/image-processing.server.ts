// Makes an upload safe to keep and serve: decoded by sharp within the pixel limit,
// turned upright, its EXIF, XMP and IPTC removed, and the sizes the public pages ask for made.
import sharp, { type Metadata } from "sharp";
import {
  describeTooManyPixels,
  heicUnsupportedMessage,
  maxImagePixels,
  maxStoredLongEdge,
  notAnImageMessage,
  undecodableImageMessage,
  unsupportedImageMessage,
} from "./image-rules";
import type { VariantFormat } from "./image-variants";
import { type ImageKind, isSvgText } from "./images.server";

// One libvips thread per image: the variant handler bounds how many images are worked on at once,
// and several threads per image would take the cores page serving needs during a burst.
sharp.concurrency(1);
// libvips' operation cache keeps decoded files open and in memory for reuse; each variant is made
// once and then served from the disk cache, so the cache would only hold memory.
sharp.cache(false);

/** A semaphore with a bounded queue: run() answers undefined when the queue is full. */
export function createRenderQueue(concurrency: number, queueLimit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    run<T>(task: () => Promise<T>): Promise<T> | undefined {
      if (running >= concurrency && waiting.length >= queueLimit) return undefined;
      const turn =
        running < concurrency
          ? Promise.resolve()
          : new Promise<void>((resolve) => waiting.push(resolve));
      if (running < concurrency) running++;
      return turn.then(task).finally(() => {
        const next = waiting.shift();
        // The slot passes straight to the next task; running counts it still.
        if (next) next();
        else running--;
      });
    },
  };
}

/**
 * Uploads being decoded and written again at once: a 40 megapixel photo that must be turned takes
 * 160 MB while it is worked on, so a few admins uploading together wait their turn instead.
 */
const uploadQueue = createRenderQueue(2, Number.POSITIVE_INFINITY);

/** A refusal of an upload, with the HTTP status the endpoint answers. */
export class ImageRefusal extends Error {
  override name = "ImageRefusal";
  readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

export type PreparedImage = {
  bytes: Uint8Array;
  kind: ImageKind;
  width: number;
  height: number;
  /** The picture as uploaded, upright: what it was before it was scaled down. */
  original: { bytes: number; width: number; height: number };
};

function startsWith(bytes: Uint8Array, text: string, offset = 0): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let index = 0; index < text.length; index++) {
    if (bytes[offset + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * Whether bytes that are not PNG, JPEG or WebP are recognisably another kind of image (GIF, SVG,
 * HEIC/AVIF, BMP, TIFF, ICO, JPEG XL), which earns 415 "not a type we take" rather than 400 "not
 * an image".
 */
export function isOtherImageType(bytes: Uint8Array): boolean {
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return true;
  if (startsWith(bytes, "BM") && bytes.length > 26) return true;
  if (startsWith(bytes, "II*\0") || startsWith(bytes, "MM\0*")) return true;
  if (startsWith(bytes, "\0\0\x01\0")) return true;
  if (startsWith(bytes, "\xff\x0a") || startsWith(bytes, "\0\0\0\x0cJXL \r\n\x87\n")) return true;
  if (startsWith(bytes, "ftyp", 4)) return true;
  return isSvgText(bytes);
}

const heicBrands = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/** Whether the bytes are a HEIC photo (HEIF holding HEVC), as an iPhone takes by default. */
export function isHeicImage(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, "ftyp", 4)) return false;
  const brand = new TextDecoder("latin1").decode(bytes.subarray(8, 12));
  return heicBrands.has(brand);
}

/**
 * Whether this server's sharp decodes HEIC: its prebuilt binaries read only AVIF from the HEIF
 * family (HEVC is patent-encumbered), a libvips built with libde265 lists .heic too.
 */
export function canDecodeHeic(): boolean {
  return sharp.format.heif?.input.fileSuffix?.includes(".heic") ?? false;
}

/** The refusal of bytes that are not PNG, JPEG or WebP: 415 for another image type, else 400. */
export function refuseUnacceptedBytes(bytes: Uint8Array): ImageRefusal {
  if (isHeicImage(bytes)) return new ImageRefusal(415, heicUnsupportedMessage);
  return isOtherImageType(bytes)
    ? new ImageRefusal(415, unsupportedImageMessage)
    : new ImageRefusal(400, notAnImageMessage);
}

const kindsByFormat: Record<string, ImageKind> = { jpeg: "jpeg", png: "png", webp: "webp" };

/** A WebP made without loss (a screenshot, a diagram) is kept without loss. */
function isLosslessWebp(bytes: Uint8Array): boolean {
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    if (startsWith(bytes, "VP8L", offset)) return true;
    if (startsWith(bytes, "VP8 ", offset)) return false;
    const size =
      (bytes[offset + 4] ?? 0) |
      ((bytes[offset + 5] ?? 0) << 8) |
      ((bytes[offset + 6] ?? 0) << 16) |
      ((bytes[offset + 7] ?? 0) << 24);
    offset += 8 + size + (size % 2);
  }
  return false;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Decodes an upload and writes it again as it will be stored and served: upright (EXIF
 * orientation applied), scaled down to maxStoredLongEdge on its long edge (a phone's 12 megapixel
 * photo becomes 2560 × 1920), in sRGB (a CMYK JPEG is converted), and with no EXIF, XMP, IPTC or
 * text chunks, so no camera, time or GPS position leaves the server. Always re-encoded rather
 * than kept when it looks clean: metadata hides in places a check can miss (JPEG comments and
 * APPn segments, PNG private chunks), and one path is one thing to trust. JPEG is written at
 * quality 90 with mozjpeg, PNG and lossless WebP without loss, other WebP at quality 90; a HEIC
 * photo (where this sharp decodes it) becomes a JPEG. An animated WebP or PNG keeps its first
 * frame only: the site shows stills. Throws an ImageRefusal: 415 for another image type (HEIC
 * where it cannot be decoded, with how to export a JPEG), 413 over maxImagePixels (sharp never
 * starts decoding such a picture), 400 for bytes sharp cannot decode.
 */
export async function prepareUploadedImage(bytes: Uint8Array): Promise<PreparedImage> {
  const input = () => sharp(bytes, { limitInputPixels: maxImagePixels, failOn: "error" });
  let metadata: Metadata;
  try {
    // The header only, nothing decoded: read without the limit so a bomb's size can be named.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuseUnacceptedBytes(bytes);
  }
  const heic = isHeicImage(bytes);
  if (heic && !canDecodeHeic()) throw new ImageRefusal(415, heicUnsupportedMessage);
  const kind = heic ? "jpeg" : kindsByFormat[metadata.format];
  if (!kind) throw new ImageRefusal(415, unsupportedImageMessage);
  if (metadata.width * metadata.height > maxImagePixels) {
    throw new ImageRefusal(413, describeTooManyPixels(metadata.width, metadata.height));
  }
  const pipeline = input().autoOrient().resize({
    width: maxStoredLongEdge,
    height: maxStoredLongEdge,
    fit: "inside",
    withoutEnlargement: true,
  });
  if (kind === "jpeg") pipeline.jpeg({ quality: 90, mozjpeg: true });
  else if (kind === "png") pipeline.png({ compressionLevel: 9 });
  else if (isLosslessWebp(bytes)) pipeline.webp({ lossless: true });
  else pipeline.webp({ quality: 90 });
  // Orientations 5 to 8 turn the picture a quarter: the upright original's sides swap.
  const turned = (metadata.orientation ?? 1) >= 5;
  const original = {
    bytes: bytes.length,
    width: turned ? metadata.height : metadata.width,
    height: turned ? metadata.width : metadata.height,
  };
  try {
    const made = uploadQueue.run(() => pipeline.toBuffer({ resolveWithObject: true }));
    if (!made) throw new Error("The upload queue has no limit");
    const { data, info } = await made;
    return { bytes: new Uint8Array(data), kind, width: info.width, height: info.height, original };
  } catch (error) {
    if (isPixelLimitError(error)) {
      throw new ImageRefusal(413, describeTooManyPixels(metadata.width, metadata.height));
    }
    throw new ImageRefusal(400, heic ? heicUnsupportedMessage : undecodableImageMessage);
  }
}

/**
 * One size of an image, from its prepared original: scaled to the width keeping the aspect ratio
 * (no cropping, so the focal point stays the page's CSS object-position), with no metadata. AVIF
 * at a moderate quality and low effort, so making it on a visitor's request stays quick; WebP 75;
 * JPEG 80, progressive mozjpeg; PNG as a palette image when that is smaller (diagrams and
 * screenshots), else full colour.
 */
export async function renderImageVariant(
  original: string | Uint8Array,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  const resized = () =>
    sharp(original, { limitInputPixels: maxImagePixels, failOn: "error" })
      .autoOrient()
      .resize({ width, withoutEnlargement: true });
  switch (format) {
    case "avif":
      return resized().avif({ quality: 50, effort: 2 }).toBuffer();
    case "webp":
      return resized().webp({ quality: 75, effort: 4 }).toBuffer();
    case "jpg":
      // A transparent WebP's JPEG (a newsletter's copy) on white, as it shows on a page.
      return resized()
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80, mozjpeg: true, progressive: true })
        .toBuffer();
    case "png": {
      // One after the other: a render holds one of the handler's slots, so one thread.
      const full = await resized().png({ compressionLevel: 9 }).toBuffer();
      const palette = await resized()
        .png({ palette: true, quality: 90, compressionLevel: 9 })
        .toBuffer();
      return palette.length < full.length ? palette : full;
    }
  }
}
