// The page blocks' field tables by type, which each block's own fields.ts adds to by declaration
// merging, so capabilities/blocks types its blocks without a list of them. It sits in the kit
// because a block's fields.ts may import only the kit (scripts/layers.ts).
import type { VariantTable } from "./field-kinds";

/** One block type's table: a variant, with its place in the editor's list of blocks. */
export type BlockTable = VariantTable & { order: number };

/**
 * Each block type's table under its type, e.g. `hero: typeof heroTable`: a block's fields.ts adds
 * its own with `declare module "~/capabilities/fields/block-tables"`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each block's fields.ts
export interface BlockTables {}
