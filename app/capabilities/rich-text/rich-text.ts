// The rules of stored rich text, shared by the editor (TipTap) and the server's sanitizer: the
// tags the editor produces, the link schemes accepted, which image addresses
// may appear in text, how links of this site and of others are marked, and the word count.

/**
 * Paragraphs, bold, italic, strike, lists, links, H2, H3, line breaks, quotes, code blocks,
 * tables, and images in figures.
 */
export const richTextTags = [
  "p",
  "strong",
  "em",
  "s",
  "ul",
  "ol",
  "li",
  "a",
  "h2",
  "h3",
  "br",
  "blockquote",
  "pre",
  "code",
  "table",
  "tbody",
  "tr",
  "th",
  "td",
  "figure",
  "img",
  "figcaption",
];

export const linkSchemes = [
  "http",
  "https",
  "ftp",
  "ftps",
  "mailto",
  "tel",
  "callto",
  "sms",
  "cid",
  "xmpp",
];

/** How an image sits in the text: across the column, or narrow beside the text on wide screens. */
export const imageSizes = ["full", "inline"] as const;
export type ImageSize = (typeof imageSizes)[number];

// Whitespace and control characters, which browsers ignore inside a scheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips.
const ignoredInUrls = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/**
 * Whether a link address is accepted: one of the allowed schemes, or relative / scheme-less.
 * Whitespace and control characters are ignored, as browsers ignore them in a scheme.
 */
export function isAllowedLinkHref(href: string): boolean {
  const cleaned = href.replace(ignoredInUrls, "");
  if (cleaned === "") return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  return scheme === undefined || linkSchemes.includes(scheme.toLowerCase());
}

/**
 * Whether an image address is one of the site's own images: a path under /images/ of plain
 * characters, with no scheme, no other host (//host), no backslash, no "..", no query tricks.
 */
export function isSiteImageSrc(src: string): boolean {
  return (
    /^\/images\/[A-Za-z0-9._~/-]+$/.test(src) &&
    !src.split("/").some((part) => part === ".." || part === ".") &&
    !src.includes("//")
  );
}

/** A link to a page of this site: a path, query or fragment, never a scheme or another host. */
export function isInternalLinkHref(href: string): boolean {
  const cleaned = href.replace(ignoredInUrls, "");
  return cleaned !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(cleaned) && !/^[/\\]{2}/.test(cleaned);
}

export const allowedRelTokens = ["noopener", "noreferrer", "nofollow"] as const;

/**
 * The target and rel a link is stored with. Links within the site open in the same tab and are
 * followed: no target, no rel. Another site's link keeps the writer's choices: a new tab (always
 * with noopener noreferrer, so the page opened cannot reach back) and nofollow.
 */
export function getLinkAttributes(
  href: string,
  target?: string | null,
  rel?: string | null,
): { target?: string; rel?: string } {
  if (isInternalLinkHref(href)) return {};
  const newTab = target === "_blank";
  const tokens = new Set(
    (rel ?? "")
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => (allowedRelTokens as readonly string[]).includes(token)),
  );
  if (newTab) {
    tokens.add("noopener");
    tokens.add("noreferrer");
  }
  const ordered = allowedRelTokens.filter((token) => tokens.has(token));
  return {
    ...(newTab ? { target: "_blank" } : {}),
    ...(ordered.length > 0 ? { rel: ordered.join(" ") } : {}),
  };
}

/** Words a reader reads per minute, for the read time shown while writing. */
export const wordsPerMinute = 220;

/** Words of a plain text, and the minutes they take to read (at least 1 once there is a word). */
export function countWords(text: string): { words: number; minutes: number } {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
  return { words, minutes: words === 0 ? 0 : Math.max(1, Math.round(words / wordsPerMinute)) };
}

/** "523 words · 3 min read" */
export function describeWordCount(text: string): string {
  const { words, minutes } = countWords(text);
  return `${words === 1 ? "1 word" : `${words} words`} · ${minutes} min read`;
}
