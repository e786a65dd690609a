// The responsive sizes of an uploaded image: which widths and formats exist, their
// addresses, and the srcset lists the public pages write. Pure, so pages and the server agree.
import { uploadsUrlPath } from "./image-rules";

/**
 * Widths every upload is offered at, never wider than the original. 768 is there for phones at
 * density 1.75 to 2 (a full-width image of 665 to 750 device pixels), where 960 wastes half.
 */
export const variantWidths = [320, 640, 768, 960, 1280, 1920] as const;
export type VariantFormat = "avif" | "webp" | "jpg" | "png";
const contentTypes: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

export function getVariantContentType(format: VariantFormat): string {
  return contentTypes[format];
}

/**
 * The widths an image of this width is offered at: those of the set below it, and its own width
 * when that is within the set's largest (so a 1000 px image has 320, 640, 768, 960 and 1000).
 */
export function listVariantWidths(originalWidth: number, extension?: string): number[] {
  // A drawing has no pixels of its own: its PNGs are made at any of the widths, and its own.
  if (extension === "svg") {
    return [...new Set([...variantWidths, originalWidth])].sort((a, b) => a - b);
  }
  const max = variantWidths[variantWidths.length - 1] ?? 1920;
  const below = variantWidths.filter((width) => width < originalWidth);
  return originalWidth <= max ? [...below, originalWidth] : below;
}

/** An upload's address split into its 32-hex id and extension; undefined for any other. */
export function parseUploadUrl(url: string): { id: string; extension: string } | undefined {
  const match = /^\/images\/uploads\/([a-f0-9]{32})\.(png|jpg|webp|svg)$/.exec(url);
  return match?.[1] && match[2] ? { id: match[1], extension: match[2] } : undefined;
}

/** An uploaded SVG's PNG `width` pixels wide, for where an SVG cannot go; else undefined. */
export function getSvgPngUrl(url: string, width: number): string | undefined {
  const upload = parseUploadUrl(url);
  return upload?.extension === "svg" ? getVariantUrl(upload.id, width, "png") : undefined;
}

/**
 * One variant's address: /images/uploads/<id>.w640.avif. An upload's name is random and never
 * given other bytes, so the address changes whenever the content does and may be cached for good.
 */
export function getVariantUrl(id: string, width: number, format: VariantFormat): string {
  return `${uploadsUrlPath}/${id}.w${width}.${format}`;
}

export type VariantRequest = { id: string; width: number; format: VariantFormat };

export function parseVariantPath(path: string): VariantRequest | undefined {
  const match = /^\/images\/uploads\/([a-f0-9]{32})\.w([1-9][0-9]{0,4})\.(avif|webp|jpg|png)$/.exec(
    path,
  );
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { id: match[1], width: Number(match[2]), format: match[3] as VariantFormat };
}

/** The formats an upload is offered in: AVIF, WebP and its own (a WebP upload has two). */
export function listVariantFormats(extension: string): VariantFormat[] {
  const own: VariantFormat = extension === "png" ? "png" : extension === "webp" ? "webp" : "jpg";
  return own === "webp" ? ["avif", "webp"] : ["avif", "webp", own];
}

/**
 * The formats the server makes for an upload: those pages offer, and JPEG for every photo, since
 * mail clients show JPEG and PNG only (a WebP upload's copy in a newsletter is a JPEG).
 */
export function listServedFormats(extension: string): VariantFormat[] {
  // Pages show an SVG itself; its PNGs are for where an SVG cannot go (mail, icons, previews).
  if (extension === "svg") return ["png"];
  const offered = listVariantFormats(extension);
  return offered.includes("png") || offered.includes("jpg") ? offered : [...offered, "jpg"];
}

/** The format an upload is mailed in: PNG and SVG as PNG (diagrams, logos), all else JPEG. */
export function getMailFormat(extension: string): VariantFormat {
  return extension === "png" || extension === "svg" ? "png" : "jpg";
}

export type ImageSources = {
  /** One <source> per modern format, best first. */
  sources: Array<{ type: string; srcSet: string }>;
  /** The <img>'s own srcset and src, in the upload's format. */
  srcSet: string;
  src: string;
};

/**
 * The <picture> sources of an upload of known width: undefined for the site's own images (SVGs
 * and static files, served as they are), uploaded SVGs (sharp at any size as they are) and
 * uploads whose size is unknown.
 */
export function describeImageSources(
  url: string,
  originalWidth: number | null | undefined,
): ImageSources | undefined {
  const upload = parseUploadUrl(url);
  if (!upload || upload.extension === "svg" || !originalWidth || originalWidth < 1) {
    return undefined;
  }
  const widths = listVariantWidths(originalWidth);
  if (widths.length === 0) return undefined;
  const srcSetOf = (format: VariantFormat) =>
    widths.map((width) => `${getVariantUrl(upload.id, width, format)} ${width}w`).join(", ");
  const formats = listVariantFormats(upload.extension);
  const own = formats[formats.length - 1] ?? "jpg";
  const largest = widths[widths.length - 1] ?? originalWidth;
  return {
    sources: formats
      .slice(0, -1)
      .map((format) => ({ type: getVariantContentType(format), srcSet: srcSetOf(format) })),
    srcSet: srcSetOf(own),
    src: getVariantUrl(upload.id, largest, own),
  };
}
