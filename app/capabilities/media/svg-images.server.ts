// SVG uploads (logos, icons, diagrams): read strictly, cleaned to drawing elements only (no
// scripts, event handlers, links, foreignObject or references outside the file), and drawn as PNG
// by resvg wherever an SVG cannot go (favicons, link previews, structured data, mail).
import { readFile } from "node:fs/promises";
import { Resvg } from "@resvg/resvg-js";
import sanitizeHtml from "sanitize-html";
import { ImageRefusal, type PreparedImage } from "./image-processing.server";
import { malformedSvgMessage } from "./image-rules";

const shapes = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"];
const paint = ["linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask"];
const filters = [
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComposite",
  "feDropShadow",
  "feFlood",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feOffset",
];
const structure = ["svg", "g", "defs", "symbol", "use", "title", "desc", "style"];
const text = ["text", "tspan"];

const presentation = [
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "color",
  "display",
  "visibility",
  "clip-path",
  "clip-rule",
  "mask",
  "filter",
  "transform",
  "stop-color",
  "stop-opacity",
  "font-family",
  "font-size",
  "font-style",
  "font-weight",
  "letter-spacing",
  "text-anchor",
  "dominant-baseline",
  "style",
  "class",
  "id",
];
const geometry = [
  "x",
  "y",
  "width",
  "height",
  "rx",
  "ry",
  "cx",
  "cy",
  "r",
  "fx",
  "fy",
  "x1",
  "y1",
  "x2",
  "y2",
  "d",
  "points",
  "dx",
  "dy",
  "offset",
  "viewBox",
  "preserveAspectRatio",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "filterUnits",
  "primitiveUnits",
  "in",
  "in2",
  "result",
  "mode",
  "operator",
  "k1",
  "k2",
  "k3",
  "k4",
  "type",
  "values",
  "stdDeviation",
  "flood-color",
  "flood-opacity",
  // Only "#id" survives on href (checkReference): a reference inside the file.
  "href",
  "xlink:href",
  "xmlns",
  "xmlns:xlink",
  "version",
];

// A url() or reference may only name something in the same file: url(#id), "#id". A backslash
// goes too: a CSS escape (u\72l) could spell url( past the check.
const outsideReference = /url\(\s*['"]?\s*(?!#)|@import|expression\s*\(|javascript:|data:|\\/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [...structure, ...shapes, ...paint, ...filters, ...text],
  allowedAttributes: { "*": [...presentation, ...geometry] },
  // Attribute values are checked whole below; no scheme is ever allowed.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowVulnerableTags: true,
  // What a dropped script, link or foreign object held goes with it.
  nonTextTags: ["script", "foreignObject", "a", "iframe", "noscript", "textarea", "option"],
  disallowedTagsMode: "discard",
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  transformTags: {
    "*": (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) =>
          name === "href" || name === "xlink:href"
            ? value.startsWith("#")
            : !outsideReference.test(value),
        ),
      ),
    }),
  },
  // A style sheet's text is written out unescaped: one with markup or outside references goes.
  exclusiveFilter: (frame) =>
    frame.tag === "style" && (/[<&]/.test(frame.text) || outsideReference.test(frame.text)),
};

/** Why resvg could not read the SVG, without its prefix: "the root node was opened but never closed". */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^SVG data parsing failed cause\s*/i, "").trim();
}

function parseSvg(source: string): Resvg {
  return new Resvg(source, { font: { loadSystemFonts: false } });
}

/**
 * The root <svg> with a width and height (its drawing size) when it had only a viewBox: without
 * them a browser gives an <img> of it no size of its own (300 x 150, or nothing in a flex box).
 */
function withOwnSize(svg: string, width: number, height: number): string {
  const root = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  if (/\swidth="/.test(root) && /\sheight="/.test(root)) return svg;
  const sized = root
    .replace(/\s(?:width|height)="[^"]*"/g, "")
    .replace(/^<svg\b/, `<svg width="${width}" height="${height}"`);
  return sized + svg.slice(root.length);
}

function refuse(error: unknown): ImageRefusal {
  return new ImageRefusal(400, malformedSvgMessage(describeParseError(error)));
}

/**
 * An uploaded SVG as it is stored: read as strict XML (a malformed file is refused with 400 and
 * the reader's reason), then cleaned by an allow-list of drawing elements and attributes, with
 * its drawing size (from width and height, else the viewBox).
 */
export function prepareUploadedSvg(bytes: Uint8Array): PreparedImage {
  let source: string;
  try {
    source = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    parseSvg(source);
  } catch (error) {
    throw refuse(error);
  }
  const cleaned = sanitizeHtml(source.replace(/^\uFEFF/, ""), options).trim();
  let drawn: Resvg;
  try {
    if (!/^<svg[\s>]/.test(cleaned)) throw new Error("the file has no <svg> element at its root");
    drawn = parseSvg(cleaned);
  } catch (error) {
    throw refuse(error);
  }
  const width = Math.round(drawn.width);
  const height = Math.round(drawn.height);
  if (width < 1 || height < 1) {
    throw refuse("its width, height or viewBox is empty");
  }
  const stored = new TextEncoder().encode(withOwnSize(cleaned, width, height));
  return {
    bytes: stored,
    kind: "svg",
    width,
    height,
    original: { bytes: bytes.length, width, height },
  };
}

/** The longest side a PNG of an SVG is drawn at: the largest size offered, twice over. */
const maxDrawnSide = 4096;

/** A stored original's bytes: given, or read from its cached file. */
export async function readSvgSource(source: string | Uint8Array): Promise<Uint8Array> {
  return typeof source === "string" ? readFile(source) : source;
}

/**
 * A stored SVG drawn as a PNG: `size` pixels wide, or, with `cover`, so that its shorter side is
 * that many pixels (a square icon is then cropped from it). Text uses the system's fonts.
 */
export function drawSvgAsPng(svg: Uint8Array, size: number, cover = false): Buffer {
  const source = Buffer.from(svg);
  const measured = parseSvg(source.toString("utf8"));
  const side = cover ? Math.min(measured.width, measured.height) : measured.width;
  const longest = Math.max(1, measured.width, measured.height);
  // A drawing far taller than wide (or the reverse) would ask for gigapixels: its long side is
  // held to a bound, and the picture is then smaller than asked.
  const zoom = Math.min(size / Math.max(1, side), maxDrawnSide / longest);
  return new Resvg(source, { fitTo: { mode: "zoom", value: zoom } }).render().asPng();
}
