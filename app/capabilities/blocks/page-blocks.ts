// The blocks a page is built from (hero, rich text, FAQ...): the list of their field tables (each
// in its block's folder, features/pages/blocks/<type>/fields.ts), which gives the blocks' zod
// validation, editor forms and cleaning through the field kit. Their views and data sit beside
// each table and are listed in features/pages/blocks/block-registry.ts.

import {
  buildTableShape,
  createShortId,
  dropUnsafeLink,
  type Field,
  findMissingFieldValues,
  type ImageValue,
  type MissingFieldValue,
  mapFieldValues,
  mapImageValues,
  sanitizeFieldValue,
  type ValuesOf,
  type VariantTable,
} from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { articlesTable } from "~/features/pages/blocks/articles/fields";
import { bookingTable } from "~/features/pages/blocks/booking/fields";
import { caseStudiesTable } from "~/features/pages/blocks/case-studies/fields";
import { contactTable } from "~/features/pages/blocks/contact/fields";
import { ctaTable } from "~/features/pages/blocks/cta/fields";
import { faqTable } from "~/features/pages/blocks/faq/fields";
import { figuresTable } from "~/features/pages/blocks/figures/fields";
import { heroTable } from "~/features/pages/blocks/hero/fields";
import { imageTextTable } from "~/features/pages/blocks/image-text/fields";
import { newsletterTable } from "~/features/pages/blocks/newsletter/fields";
import { richTextTable } from "~/features/pages/blocks/rich-text/fields";
import { servicesTable } from "~/features/pages/blocks/services/fields";
import { testimonialsTable } from "~/features/pages/blocks/testimonials/fields";
import { z } from "~/platform/zod";

type BlockSpec = VariantTable;

/** The block types in the editor's order: adding a block adds its table here. */
export const blockSpecs = [
  heroTable,
  richTextTable,
  imageTextTable,
  servicesTable,
  caseStudiesTable,
  articlesTable,
  testimonialsTable,
  figuresTable,
  ctaTable,
  faqTable,
  contactTable,
  newsletterTable,
  bookingTable,
] as const satisfies readonly BlockSpec[];

export type BlockType = (typeof blockSpecs)[number]["type"];
type SpecOf<T extends BlockType> = Extract<(typeof blockSpecs)[number], { type: T }>;

/** One block as stored: its type, an id (for the editor's order and anchors) and its values. */
export type Block<T extends BlockType = BlockType> = T extends BlockType
  ? { type: T; id: string } & ValuesOf<SpecOf<T>["fields"]>
  : never;

export const maxBlocks = 40;

const blockId = z.string().regex(/^[a-z0-9]{1,16}$/, "Invalid block id");

/** One block, whatever its type: validated against its type's fields. */
export const blockSchema = z.discriminatedUnion(
  "type",
  blockSpecs.map((spec) =>
    z.object({
      type: z.literal(spec.type),
      id: blockId,
      ...buildTableShape(spec.fields),
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  { message: "Unknown block type" },
) as unknown as z.ZodType<Block>;

export const blocksSchema = z.array(blockSchema).max(maxBlocks, `At most ${maxBlocks} blocks`);

/**
 * The most a page's blocks may hold, as stored (UTF-8 JSON): every visitor downloads the page's
 * HTML, and rendering it holds the server's event loop. At the cap a page renders as about 350 KB
 * of HTML (README, "Limits").
 */
export const maxPageBlocksBytes = 200 * 1024;

const toKilobytes = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * Why a page's blocks are too big to save, naming the largest block, or undefined when they fit.
 * Runs in the editor before sending and on the server on what is stored.
 */
export function findBlocksSizeProblem(blocks: readonly unknown[]): string | undefined {
  const encoder = new TextEncoder();
  const sizes = blocks.map((block) => encoder.encode(JSON.stringify(block)).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= maxPageBlocksBytes) return undefined;
  const largest = sizes.indexOf(Math.max(...sizes));
  const block = blocks[largest] as { type?: string };
  const name = `${findBlockSpec(String(block.type))?.label ?? "Block"} block ${largest + 1}`;
  return `This page is too long: its blocks hold ${toKilobytes(total)} KB of text, at most ${toKilobytes(maxPageBlocksBytes)} KB. Shorten or remove blocks (the largest is ${name}, ${toKilobytes(sizes[largest] ?? 0)} KB), or split it into two pages.`;
}

/** A page's blocks as an editor sends them: the stored blocks' rules, and the size cap. */
export const pageBlocksInputSchema = blocksSchema.superRefine((blocks, ctx) => {
  const problem = findBlocksSizeProblem(blocks);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export function findBlockSpec(type: string): BlockSpec | undefined {
  return blockSpecs.find((spec) => spec.type === type);
}

/** A new block of a type with every field empty, under a fresh id. */
export function createBlock(type: BlockType, id: string): Block {
  return blockSchema.parse({ type, id });
}

/** A short random id for a new block. */
export const createBlockId = createShortId;

/** Raw, unchecked blocks with each known block's fields passed through `map`. */
function mapBlockFields(raw: unknown, map: (field: Field, value: unknown) => unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.map((block: unknown) => {
    if (!block || typeof block !== "object") return block;
    const spec = findBlockSpec(String((block as FieldValues).type));
    return spec ? mapFieldValues(spec.fields, block as FieldValues, map) : block;
  });
}

/**
 * Cleans each rich text value of raw, unchecked blocks with the given sanitizer, before they are
 * validated: markup the sanitizer drops does not count against the limit.
 */
export function sanitizeBlocks(raw: unknown, sanitize: (html: string) => string): unknown {
  return mapBlockFields(raw, sanitizeFieldValue(sanitize));
}

/**
 * Stored blocks with each link a visitor may not follow left empty, before they are read: a row
 * saved before the check would otherwise fail the whole page (or site content), and its link must
 * not be drawn. The block then shows as one without that button.
 */
export function dropUnsafeBlockLinks(raw: unknown): unknown {
  return mapBlockFields(raw, dropUnsafeLink);
}

/** What the page's blocks lack to be published: their required texts, an image's description. */
export function findMissingBlockFields(blocks: readonly Block[]): MissingFieldValue[] {
  return blocks.flatMap((block, index) => {
    const spec = findBlockSpec(block.type);
    if (!spec) return [];
    const name = `${spec.label} block ${index + 1}`;
    return findMissingFieldValues(
      spec.fields,
      block as unknown as FieldValues,
      ["blocks", index],
      name,
    );
  });
}

/** The blocks with every image field (rows' included) passed through `place`, read by the specs. */
export function mapBlockImages(
  blocks: readonly Block[],
  place: (image: ImageValue) => ImageValue,
): Block[] {
  return blocks.map((block) => {
    const spec = findBlockSpec(block.type);
    const values = block as unknown as FieldValues;
    return (spec ? mapImageValues(spec.fields, values, place) : block) as Block;
  });
}

/** The library images a page's blocks show (the image library's "where used"). */
export function listBlockImages(blocks: readonly Block[]): string[] {
  const urls: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const url = (value as { url?: unknown }).url;
      if (typeof url === "string" && url) urls.push(url);
      Object.values(value).forEach(visit);
    } else if (typeof value === "string") {
      for (const [, src] of value.matchAll(/<img [^>]*?src="(\/images\/[^"]+)"/g))
        if (src) urls.push(src);
    }
  };
  visit(blocks);
  return urls;
}

/** The page's own summary for search results when none is written: its hero's text, else "". */
export function summarizeBlocks(blocks: readonly Block[]): string {
  for (const block of blocks) if (block.type === "hero" && block.text) return block.text;
  return "";
}
