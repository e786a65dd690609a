// The rich-text editor's own nodes: an image in a figure (the site's own images only, with alt
// text, an optional caption and a size) and a table stored plainly (no column widths or styles),
// so that what the editor writes is exactly what the sanitizer keeps (rich-text.ts).
import { Table } from "@tiptap/extension-table";
import { Node } from "@tiptap/react";
import { type ImageSize, isSiteImageSrc } from "~/capabilities/rich-text/rich-text";

export type FigureAttributes = {
  src: string;
  alt: string;
  caption: string;
  size: ImageSize;
  width: number | null;
  height: number | null;
};

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts an image figure at the selection, or replaces the selected one. */
      setFigure: (attributes: FigureAttributes) => ReturnType;
    };
  }
}

function readDimension(image: Element, name: "width" | "height"): number | null {
  const value = Number(image.getAttribute(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * A figure's attributes from stored or pasted HTML (a <figure> or a lone <img>); false for an
 * image of another site, which is dropped rather than kept as a hotlink or a tracking pixel.
 */
function readFigure(element: HTMLElement): FigureAttributes | false {
  const image = element.tagName === "IMG" ? element : element.querySelector("img");
  const src = image?.getAttribute("src") ?? "";
  if (!image || !isSiteImageSrc(src)) return false;
  const figure = element.tagName === "FIGURE" ? element : null;
  return {
    src,
    alt: image.getAttribute("alt") ?? "",
    caption: figure?.querySelector("figcaption")?.textContent?.trim() ?? "",
    size: figure?.getAttribute("data-size") === "inline" ? "inline" : "full",
    width: readDimension(image, "width"),
    height: readDimension(image, "height"),
  };
}

// Each attribute is read by readFigure as a whole; this keeps TipTap from reading them again.
const attribute = (fallback: unknown) => ({ default: fallback, parseHTML: () => null });

export const Figure = Node.create({
  name: "figure",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: attribute(""),
      alt: attribute(""),
      caption: attribute(""),
      size: attribute("full"),
      width: attribute(null),
      height: attribute(null),
    };
  },
  parseHTML() {
    return [
      { tag: "figure", getAttrs: (element) => readFigure(element) },
      { tag: "img[src]", getAttrs: (element) => readFigure(element) },
    ];
  },
  renderHTML({ node }) {
    const { src, alt, caption, size, width, height } = node.attrs as FigureAttributes;
    const image = [
      "img",
      { src, alt, ...(width ? { width } : {}), ...(height ? { height } : {}) },
    ] as const;
    return caption
      ? ["figure", { "data-size": size }, image, ["figcaption", {}, caption]]
      : ["figure", { "data-size": size }, image];
  },
  addCommands() {
    return {
      setFigure:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});

/** A table written as <table><tbody>...: no colgroup or width styles, which are not stored. */
export const PlainTable = Table.extend({
  renderHTML() {
    return ["table", {}, ["tbody", 0]];
  },
});
