// The content's Brand and Search engines sections: logo, site icon, colours and fonts, and the
// verification codes of Google Search Console and Bing Webmaster Tools.
import { parseUploadUrl } from "~/capabilities/media/image-variants";
import { describeLowContrast, isHexColor } from "~/platform/color-contrast";
import { fontFamilyIds } from "~/platform/document/font-families";
import { z } from "~/platform/zod";
import { type BrandColors, findBrandContrastProblems } from "./brand-palette";

/** The text colour the site draws on its primary buttons and on accent surfaces. */
export const textOnBrandColors = { name: "White", hex: "#ffffff" } as const;

const uploadedImage = (what: string) =>
  z
    .string()
    .trim()
    .max(200)
    .refine((value) => value === "" || parseUploadUrl(value) !== undefined, {
      message: `Choose the ${what} from the image library`,
    });

const brandColor = z
  .string()
  .trim()
  .refine(isHexColor, { message: "Enter a colour as # and six hex digits, such as #1d4ed8" })
  .transform((value) => value.toLowerCase())
  .superRefine((value, ctx) => {
    const problem = describeLowContrast(value, textOnBrandColors);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const imageSide = z.number().int().min(0).max(100_000);

export const brandSchema = z.object({
  /** An upload's address, or "" for the built-in mark; its size lets pages reserve its box. */
  logoUrl: uploadedImage("logo"),
  logoWidth: imageSide,
  logoHeight: imageSide,
  /** The upload the favicon, apple-touch and manifest icons are made from; "" = the built-in one. */
  iconUrl: uploadedImage("site icon"),
  primaryColor: brandColor,
  accentColor: brandColor,
  headingFont: z.enum(fontFamilyIds, { error: "Choose a font from the list" }),
  bodyFont: z.enum(fontFamilyIds, { error: "Choose a font from the list" }),
});
export type Brand = z.infer<typeof brandSchema>;

export const verificationTokenMessage =
  'Paste only the code from the tag\'s content="..." part: letters, digits, - and _';

/** A search engine's verification code: a plain token, never markup. */
const verificationToken = z
  .string()
  .trim()
  .max(200, "Must be at most 200 characters")
  .regex(/^[A-Za-z0-9_-]*$/, verificationTokenMessage);

export const searchEnginesSchema = z.object({
  /** <meta name="google-site-verification">; "" = none. */
  googleVerification: verificationToken,
  /** <meta name="msvalidate.01">; "" = none. */
  bingVerification: verificationToken,
});
export type SearchEngines = z.infer<typeof searchEnginesSchema>;

export const defaultBrand: Brand = {
  logoUrl: "",
  logoWidth: 0,
  logoHeight: 0,
  iconUrl: "",
  primaryColor: "#1d4ed8",
  accentColor: "#0f766e",
  headingFont: "system",
  bodyFont: "system",
};

export const defaultSearchEngines: SearchEngines = { googleVerification: "", bingVerification: "" };

/**
 * A save's colours measured on every band the site draws with them (the footer, the page headers,
 * badges): a pair that cannot be read is the colour's refusal. Checked where colours are saved, not
 * on stored documents, so a brand saved before a pair was measured still reads.
 */
export function checkBrandContrast(
  colors: BrandColors,
  ctx: { addIssue(issue: { code: "custom"; message: string; path: PropertyKey[] }): void },
  path: PropertyKey[] = [],
): void {
  for (const [field, message] of Object.entries(findBrandContrastProblems(colors))) {
    // White text on the colour itself is the colour field's own refusal.
    if (describeLowContrast(colors[field as keyof BrandColors], textOnBrandColors)) continue;
    ctx.addIssue({ code: "custom", message, path: [...path, field] });
  }
}

/**
 * The Brand screen's post: the brand (the logo's size is read from the library) and the codes,
 * both or neither (an editor's form has none: the codes are an owner's).
 */
export const brandFormSchema = brandSchema
  .omit({ logoWidth: true, logoHeight: true })
  .extend(searchEnginesSchema.partial().shape)
  .refine(
    (form) => (form.googleVerification === undefined) === (form.bingVerification === undefined),
    {
      message: "Send both verification codes, or neither",
      path: ["bingVerification"],
    },
  )
  .superRefine((form, ctx) => checkBrandContrast(form, ctx));
export type BrandFormInput = z.infer<typeof brandFormSchema>;
