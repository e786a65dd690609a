// What the rich-text editor's image and link dialogs accept: one zod schema each, with the
// messages the dialogs show. The server's sanitizer applies the same rules (rich-text.ts) again.

import { imageSizes, isAllowedLinkHref, isSiteImageSrc } from "~/capabilities/rich-text/rich-text";
import { z } from "~/platform/zod";

/**
 * A link address typed at the prompt. A bare domain gets the default protocol http and a bare
 * email address becomes a mailto link; anything else is left for the editor's scheme check.
 */
export function normalizeLinkInput(input: string): string {
  const url = input.trim();
  if (url === "" || /^[a-z][a-z0-9+.-]*:/i.test(url) || /^[/?#.]/.test(url)) return url;
  if (/^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/.test(url)) return `mailto:${url}`;
  if (/^[^\s/]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(url)) return `http://${url}`;
  return url;
}

export const imageAltRequiredMessage = "Describe the image for people who cannot see it";

export const richTextImageSchema = z.object({
  src: z
    .string()
    .min(1, "Choose an image from the library or upload one")
    .refine(isSiteImageSrc, "Only images of this site's library can be placed in the text"),
  alt: z
    .string()
    .trim()
    .min(1, imageAltRequiredMessage)
    .max(300, "Keep the description under 300 characters"),
  caption: z.string().trim().max(300, "Keep the caption under 300 characters"),
  size: z.enum(imageSizes),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type RichTextImage = z.infer<typeof richTextImageSchema>;

export const refusedLinkMessage =
  "This address cannot be a link. Use a web address (http or https), an email (mailto:), a phone (tel:) or a page of this site.";

/**
 * An address typed in the link dialog, as it is stored: a bare domain gets http, a bare email
 * mailto:, and an address on this very site becomes its path (so it counts as internal).
 */
export function toLinkHref(input: string, siteOrigin?: string): string {
  const href = normalizeLinkInput(input);
  if (siteOrigin && (href === siteOrigin || href.startsWith(`${siteOrigin}/`))) {
    return href.slice(siteOrigin.length) || "/";
  }
  return href;
}

export const richTextLinkSchema = z.object({
  href: z
    .string()
    .trim()
    .min(1, "Enter an address or choose a page of this site")
    .refine(isAllowedLinkHref, refusedLinkMessage),
  text: z.string(),
  newTab: z.boolean(),
  nofollow: z.boolean(),
});
export type RichTextLink = z.infer<typeof richTextLinkSchema>;
