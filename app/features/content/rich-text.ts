// The rules of stored rich text, shared by the editor (TipTap) and the server's sanitizer: the
// tags the editor produces and the link schemes the spec accepts (section 5).

/** Paragraphs, bold, italic, strike, lists, links, H2, H3 and line breaks. */
export const richTextTags = ["p", "strong", "em", "s", "ul", "ol", "li", "a", "h2", "h3", "br"];

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

/** Links open in a new tab, with no opener, no referrer and nofollow. */
export const linkTarget = "_blank";
export const linkRel = "noopener noreferrer nofollow";

/**
 * Whether a link address is accepted: one of the spec's schemes, or relative / scheme-less.
 * Whitespace and control characters are ignored, as browsers ignore them in a scheme.
 */
export function isAllowedLinkHref(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips.
  const cleaned = href.replace(/[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g, "");
  if (cleaned === "") return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  return scheme === undefined || linkSchemes.includes(scheme.toLowerCase());
}
