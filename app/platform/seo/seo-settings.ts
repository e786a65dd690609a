// What the owner sets about how one public page appears in search results and shared links: search
// title (with or without the site's name after it), description, social image and noindex. One schema for every kind of page; buildPageMeta
// (meta.ts) turns it into head tags and the sitemaps leave out what is noindex.
import { z } from "~/platform/zod";
import { descriptionLength } from "./description";

export const seoDescriptionMessage =
  "Use 70 to 160 characters, or leave empty for the automatic description.";
/**
 * A meta description written in the admin: "" means "use the computed one". Missing in documents
 * and rows stored before the field existed, hence the default.
 */
export const seoDescription = z
  .string()
  .trim()
  .refine(
    (value) =>
      !value || (value.length >= descriptionLength.min && value.length <= descriptionLength.max),
    seoDescriptionMessage,
  )
  .default("");

/** Images are served by the site itself: a path under /images/, or "" for none. */
export const libraryImagePath = z
  .string()
  .trim()
  .max(300, "Must be at most 300 characters")
  .regex(
    /^(?:\/images\/(?!.*\.\.)[\w./-]+)?$/,
    "Choose an image from the library (a path under /images/)",
  );

export const seoTitleLength = { max: 120 } as const;

/**
 * The fields every public page's record carries, flat among its own. Optional but the description
 * (older records and callers have none of them): missing means the page's own title, the generated
 * card, indexed.
 */
export const seoSettingsShape = {
  /** "" = the page's own title. */
  seoTitle: z
    .string()
    .trim()
    .max(seoTitleLength.max, `Must be at most ${seoTitleLength.max} characters`)
    .optional(),
  /** false = the title is used as it is, without " | " and the site's name after it. */
  siteNameInTitle: z
    .boolean({ message: "Choose whether the site's name follows the title" })
    .optional(),
  seoDescription,
  /** "" = the generated title card. */
  seoImage: libraryImagePath.optional(),
  noindex: z.boolean({ message: "Choose whether search engines may list the page" }).optional(),
};
export const seoSettingsSchema = z.object(seoSettingsShape);
export type SeoSettings = z.infer<typeof seoSettingsSchema>;

export const defaultSeoSettings: Required<SeoSettings> = {
  seoTitle: "",
  siteNameInTitle: true,
  seoDescription: "",
  seoImage: "",
  noindex: false,
};

/**
 * A fixed page's settings in the content document; a plain string there is what was stored when
 * only the description could be written.
 */
export const pageSeoSettings = z
  .preprocess(
    (value) => (typeof value === "string" ? { seoDescription: value } : value),
    seoSettingsSchema,
  )
  .default(defaultSeoSettings);

/** A record's SEO settings alone (records carry them flat among their other fields). */
export function pickSeoSettings(value: SeoSettings): SeoSettings {
  const { seoTitle, siteNameInTitle, seoDescription, seoImage, noindex } = value;
  // Left out when not set, so a record saved without them reads as it did before they existed.
  return {
    seoDescription,
    ...(seoTitle !== undefined && { seoTitle }),
    ...(siteNameInTitle !== undefined && { siteNameInTitle }),
    ...(seoImage !== undefined && { seoImage }),
    ...(noindex !== undefined && { noindex }),
  };
}

/** Every setting, the missing ones at their defaults: what an editor shows. */
export function fillSeoSettings(value: SeoSettings): Required<SeoSettings> {
  return { ...defaultSeoSettings, ...pickSeoSettings(value) };
}
