// The images of a served HTML page as a browser would read them (issue 18): every <img> with its
// attributes and the <picture> it sits in, if any, with that picture's <source>s. Tag-level
// reading: React escapes text and attribute values, so every "<" left in the HTML starts a tag.

export type Attributes = Record<string, string>;
export type PageImage = { img: Attributes; sources: Attributes[] | undefined };

const tagPattern = /<(\/?)(picture|source|img)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const attributePattern = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function readAttributes(text: string): Attributes {
  return Object.fromEntries(
    [...text.matchAll(attributePattern)].map(([, name = "", double, single, bare]) => [
      name.toLowerCase(),
      (double ?? single ?? bare ?? "").replaceAll("&amp;", "&"),
    ]),
  );
}

/** Every img of the page, in order, with the sources of the picture around it. */
export function listPageImages(html: string): PageImage[] {
  const images: PageImage[] = [];
  let sources: Attributes[] | undefined;
  for (const [, closing, name = "", attributes = ""] of html.matchAll(tagPattern)) {
    const tag = name.toLowerCase();
    if (tag === "picture") sources = closing ? undefined : [];
    else if (tag === "source" && sources) sources.push(readAttributes(attributes));
    else if (tag === "img") images.push({ img: readAttributes(attributes), sources });
  }
  return images;
}

/** The widths a srcset offers ("a.jpg 320w, b.jpg 640w" gives [320, 640]). */
export function listSrcsetWidths(srcset: string | undefined): number[] {
  return (srcset ?? "")
    .split(",")
    .map((candidate) => /\s(\d+)w$/.exec(candidate.trim())?.[1])
    .filter((width): width is string => width !== undefined)
    .map(Number);
}
