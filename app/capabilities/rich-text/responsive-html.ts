// Inline images of stored rich text as <picture>s: an upload's <img> of known width gets AVIF and
// WebP <source>s and a srcset in its own format, with its figure's `sizes`. Pure string work over
// the sanitizer's output; anything else in the text is left exactly as it was.
import {
  describeImageSources,
  getMailFormat,
  getVariantUrl,
  listVariantWidths,
  parseUploadUrl,
} from "../media/image-variants";

/**
 * How wide each kind of figure (content's imageSizes: across the column, or narrow beside the
 * text) is shown in one page's text column, as a `sizes` value each.
 */
export type FigureSizes = { full: string; inline: string };

export type KnownImage = { width: number; height: number | null };

// An img with its attributes, quoted values may hold ">"; the figure it opens, when it does.
const imageTag =
  /(<figure data-size="(full|inline)">\s*)?<img\s((?:[^>"']|"[^"]*"|'[^']*')*?)\s*\/?>/g;
const attributePattern = /([a-zA-Z-]+)="([^"]*)"/g;

function readAttributes(text: string): Map<string, string> {
  return new Map(
    Array.from(text.matchAll(attributePattern), (match) => [match[1] ?? "", match[2] ?? ""]),
  );
}

/** The uploads the text shows, by address (as in their src). */
export function listUploadImages(html: string): string[] {
  const urls = Array.from(html.matchAll(imageTag), (match) =>
    readAttributes(match[3] ?? "").get("src"),
  );
  return [...new Set(urls.filter((url): url is string => !!url && !!parseUploadUrl(url)))];
}

/**
 * The text with every upload of known width as a <picture>; its alt, width and height kept (the
 * stored ones filled in when the text has none, so the page never shifts as images arrive).
 */
export function renderResponsiveImages(
  html: string,
  images: ReadonlyMap<string, KnownImage>,
  sizes: FigureSizes,
): string {
  return html.replace(imageTag, (tag, figure: string | undefined, size, text: string) => {
    const attributes = readAttributes(text);
    const src = attributes.get("src") ?? "";
    const known = images.get(src);
    const sources = known && describeImageSources(src, known.width);
    if (!known || !sources) return tag;
    const layout = sizes[size === "inline" ? "inline" : "full"];
    attributes.set("src", sources.src);
    if (!attributes.has("width") || !attributes.has("height")) {
      if (known.height) {
        attributes.set("width", String(known.width));
        attributes.set("height", String(known.height));
      }
    }
    const kept = Array.from(attributes, ([name, value]) => `${name}="${value}"`).join(" ");
    const modern = sources.sources
      .map(
        (source) => `<source type="${source.type}" srcset="${source.srcSet}" sizes="${layout}" />`,
      )
      .join("");
    return `${figure ?? ""}<picture>${modern}<img ${kept} srcset="${sources.srcSet}" sizes="${layout}" /></picture>`;
  });
}

/** Widest copy a newsletter embeds: twice the mail's 600 px column, so sharp on a phone. */
export const mailImageWidth = 1200;
/** How wide an image is shown in the mail's column (600 px less its padding). */
export const mailColumnWidth = 536;

/**
 * The text with every upload of known width as a copy mail clients show (JPEG or PNG, never
 * WebP or AVIF) no wider than mailImageWidth, with the width and height it is shown at, since
 * some clients (Outlook) ignore CSS max-width.
 */
export function renderMailImages(html: string, images: ReadonlyMap<string, KnownImage>): string {
  return html.replace(imageTag, (tag, figure: string | undefined, _size, text: string) => {
    const attributes = readAttributes(text);
    const src = attributes.get("src") ?? "";
    const upload = parseUploadUrl(src);
    const known = images.get(src);
    if (!upload || !known) return tag;
    const width = listVariantWidths(known.width)
      .filter((candidate) => candidate <= mailImageWidth)
      .pop();
    if (!width) return tag;
    attributes.set("src", getVariantUrl(upload.id, width, getMailFormat(upload.extension)));
    const shown = Math.min(width, mailColumnWidth);
    attributes.set("width", String(shown));
    if (known.height) {
      attributes.set("height", String(Math.round((known.height * shown) / known.width)));
    } else attributes.delete("height");
    const kept = Array.from(attributes, ([name, value]) => `${name}="${value}"`).join(" ");
    return `${figure ?? ""}<img ${kept} />`;
  });
}
