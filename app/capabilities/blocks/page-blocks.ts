// The blocks a page is built from (hero, rich text, FAQ...): their field tables, found in their
// folders (features/pages/blocks/<type>/fields.ts), which give the blocks' zod validation, editor
// forms and cleaning through the field kit. Their views and data sit beside each table and are
// listed in features/pages/blocks/block-registry.server.ts.

import type { BlockTable, BlockTables } from "~/capabilities/fields/block-tables";
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
} from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { z } from "~/platform/zod";

type BlockSpec = BlockTable;

/** Each block type's table, checked: the key it is merged under is the table's own type. */
type CheckedTables<Tables extends { [T in keyof Tables]: BlockTable & { type: T } }> = Tables;
type Tables = CheckedTables<BlockTables>;

export type BlockType = keyof Tables;
type SpecOf<T extends BlockType> = Tables[T];

const toKebabCase = (type: string) =>
  type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The tables of the block folders' fields.ts modules (their `blockTable` export, by path), in the
 * editor's order. A folder is named after its block's type in kebab-case; no two tables share a
 * place in the order.
 */
export function readBlockTables(modules: Record<string, unknown>): BlockSpec[] {
  const tables = Object.entries(modules).map(([path, exported]) => {
    const table = exported as Partial<BlockSpec> | undefined;
    if (typeof table?.type !== "string" || typeof table.order !== "number")
      throw new Error(
        `${path} must export its block's table, with its type and order, as blockTable`,
      );
    const folder = toKebabCase(table.type);
    if (path.split("/").at(-2) !== folder)
      throw new Error(
        `${path} holds the "${table.type}" block's table: its folder must be "${folder}"`,
      );
    return table as BlockSpec;
  });
  const orders = tables.map((table) => table.order);
  const shared = orders.find((order, index) => orders.indexOf(order) !== index);
  if (shared !== undefined) throw new Error(`Two block tables have the order ${shared}`);
  return tables.sort((a, b) => a.order - b.order);
}

const blocksFolder = "../../features/pages/blocks/";

/**
 * The folders' tables read from disk, for what loads the app's modules without Vite: Playwright's
 * specs (the default content they import validates its blocks here). Same paths as Vite's.
 */
function requireBlockTables(): Record<string, unknown> {
  const { existsSync, readdirSync } = process.getBuiltinModule("node:fs");
  const { createRequire } = process.getBuiltinModule("node:module");
  const require = createRequire(import.meta.url);
  const folder = new URL(blocksFolder, import.meta.url);
  const paths = readdirSync(folder)
    .map((name) => `${blocksFolder}${name}/fields.ts`)
    .filter((path) => existsSync(new URL(path, import.meta.url)));
  const load = (path: string) => (require(path) as { blockTable?: unknown }).blockTable;
  return Object.fromEntries(paths.map((path) => [path, load(path)]));
}

/**
 * The block types in the editor's order (each table's `order`): a block's folder adds its own,
 * found by Vite at build time. One named import each, not the modules' namespace objects, whose
 * helper would join every public page's scripts.
 */
export const blockSpecs = readBlockTables(
  import.meta.env
    ? import.meta.glob("../../features/pages/blocks/*/fields.ts", {
        eager: true,
        import: "blockTable",
      })
    : requireBlockTables(),
) as unknown as readonly Tables[BlockType][];

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
