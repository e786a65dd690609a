// The site content's rich-text fields, found through its schema: sanitized before a save, and
// listed so a test can check every one is found.
import type { z } from "zod";
import { sanitizeBlocks } from "~/capabilities/blocks/page-blocks";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import { sanitizeBySchema, sanitizeRichText } from "~/capabilities/rich-text/sanitize.server";
import { contentSchema, type SiteContent } from "./schema";

/** The given content sections with every rich-text field sanitized; other text is left as is. */
export function sanitizeContentSections(sections: Partial<SiteContent>): Partial<SiteContent> {
  return Object.fromEntries(
    Object.entries(sections).map(([section, value]) => {
      if (section === "extraBlocks") return [section, sanitizeBlockLists(value)];
      const schema = contentSchema.shape[section as keyof SiteContent];
      return [section, schema ? sanitizeBySchema(schema, value) : value];
    }),
  ) as Partial<SiteContent>;
}

/** Each page's extra blocks with their rich texts sanitized, as a page's blocks are. */
function sanitizeBlockLists(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([page, blocks]) => [page, sanitizeBlocks(blocks, sanitizeRichText)]),
  );
}

/** Dotted paths of the rich-text fields of the content schema ("[]" for array items). */
export function listRichTextPaths(schema: z.ZodType = contentSchema, prefix = ""): string[] {
  if (schema === richText) return [prefix];
  const def = schema._zod.def;
  if (def.type === "object") {
    return Object.entries((schema as z.ZodObject).shape).flatMap(([key, field]) =>
      listRichTextPaths(field as z.ZodType, prefix ? `${prefix}.${key}` : key),
    );
  }
  if (def.type === "array") {
    return listRichTextPaths((schema as z.ZodArray<z.ZodType>).element, `${prefix}[]`);
  }
  if (def.type === "optional" || def.type === "nullable" || def.type === "default") {
    return listRichTextPaths((schema as z.ZodOptional<z.ZodType>).unwrap(), prefix);
  }
  return [];
}
