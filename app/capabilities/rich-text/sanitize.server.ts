// Server-side sanitizing of stored rich text: only what the content editor
// can produce survives, links keep only the allowed schemes with rel and target as the
// rules in rich-text.ts say, and images only the site's own addresses.
import sanitizeHtml from "sanitize-html";
import type { z } from "zod";
import {
  getLinkAttributes,
  imageSizes,
  isSiteImageSrc,
  linkSchemes,
  richTextTags,
} from "./rich-text";
import { richText } from "./rich-text-schema";

const options: sanitizeHtml.IOptions = {
  allowedTags: richTextTags,
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    figure: ["data-size"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: linkSchemes,
  // An image's address is checked whole by isSiteImageSrc: no scheme at all is allowed there.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: true,
  allowedStyles: {},
  disallowedTagsMode: "discard",
  // Text inside these is code or markup, never content: drop it with the tag.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "noembed",
    "noframes",
    "template",
    "title",
    "xmp",
    "iframe",
    "object",
  ],
  // Tags pasted from elsewhere that mean the same as an allowed one.
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
    a: (_tagName, attribs) => ({
      tagName: "a",
      attribs: attribs.href
        ? { href: attribs.href, ...getLinkAttributes(attribs.href, attribs.target, attribs.rel) }
        : {},
    }),
    img: (_tagName, attribs) => ({
      tagName: "img",
      attribs: {
        ...(attribs.src && isSiteImageSrc(attribs.src) ? { src: attribs.src } : {}),
        alt: attribs.alt ?? "",
        ...pickDimension(attribs, "width"),
        ...pickDimension(attribs, "height"),
      },
    }),
    figure: (_tagName, attribs) => ({
      tagName: "figure",
      attribs: {
        "data-size": (imageSizes as readonly string[]).includes(attribs["data-size"] ?? "")
          ? (attribs["data-size"] as string)
          : "full",
      },
    }),
    th: keepCellSpans,
    td: keepCellSpans,
  },
  exclusiveFilter: (frame) => {
    // A link whose address was refused is no link: keep its text only.
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    // An image from anywhere but this site is dropped whole.
    if (frame.tag === "img" && !frame.attribs.src) return true;
    // A figure whose image was dropped (or that never had one) goes with its caption.
    if (frame.tag === "figure" && !frame.mediaChildren.includes("img")) return true;
    return false;
  },
};

/** A width or height in pixels: a whole number from 1 to 20000, else left out. */
function pickDimension(attribs: sanitizeHtml.Attributes, name: "width" | "height") {
  const value = attribs[name];
  return value && /^[1-9][0-9]{0,4}$/.test(value) && Number(value) <= 20_000
    ? { [name]: value }
    : {};
}

/** A table cell keeps its spans only as small whole numbers (the editor writes none by default). */
function keepCellSpans(tagName: string, attribs: sanitizeHtml.Attributes) {
  const spans = Object.fromEntries(
    (["colspan", "rowspan"] as const)
      .filter((name) => /^[1-9][0-9]?$/.test(attribs[name] ?? ""))
      .map((name) => [name, attribs[name] as string]),
  );
  return { tagName, attribs: spans };
}

/** Sanitizes one rich-text fragment with the editor's allow-list. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/** Walks a value along its schema and sanitizes every field declared as rich text. */
export function sanitizeBySchema(schema: z.ZodType, value: unknown): unknown {
  if (schema === richText) return typeof value === "string" ? sanitizeRichText(value) : value;
  const def = schema._zod.def;
  if (def.type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    const shape = (schema as z.ZodObject).shape;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => {
        const fieldSchema = shape[key];
        return [key, fieldSchema ? sanitizeBySchema(fieldSchema, field) : field];
      }),
    );
  }
  if (def.type === "array" && Array.isArray(value)) {
    const element = (schema as z.ZodArray<z.ZodType>).element;
    return value.map((item) => sanitizeBySchema(element, item));
  }
  if (def.type === "optional" || def.type === "nullable" || def.type === "default") {
    return sanitizeBySchema((schema as z.ZodOptional<z.ZodType>).unwrap(), value);
  }
  return value;
}

/**
 * Whether two stored texts read the same once sanitized: History does not report a default text
 * that only gained link attributes when it was first saved.
 */
export function isSameRichText(a: string, b: string): boolean {
  return a === b || sanitizeRichText(a) === sanitizeRichText(b);
}
