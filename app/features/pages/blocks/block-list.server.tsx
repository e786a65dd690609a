// Draws blocks with their folders' views: one block, or a list with those that have nothing to
// show left out.
import type { Block } from "~/capabilities/blocks/page-blocks";
import { type BlocksData, getBlockParts } from "./block-registry.server";
import type { BlockOf } from "./block-view";

/** Whether a block has something to show: an empty one would leave an empty band on the page. */
export function hasBlockContent(block: Block, data: BlocksData): boolean {
  return getBlockParts(block.type).view.hasContent(
    block as BlockOf<typeof block.type>,
    data[block.type],
  );
}

/** Whether the browser's code draws the block (a form, the calendar). */
export function isScriptBlock(block: Block): boolean {
  return getBlockParts(block.type).view.script;
}

export function BlockView({
  block,
  data,
  level,
  questions = false,
}: {
  block: Block;
  data: BlocksData;
  level: 1 | 2;
  /** The page is an FAQPage: FAQ blocks mark their questions up for search engines. */
  questions?: boolean;
}) {
  const { View } = getBlockParts(block.type).view;
  return (
    <View
      block={block as BlockOf<typeof block.type>}
      data={data[block.type]}
      level={level}
      questions={questions}
    />
  );
}

/**
 * Blocks in order, those with nothing to show left out. A hero is the page's h1 only when it
 * opens a built page; elsewhere (a fixed page's extra blocks) its heading is an h2.
 */
export function BlockList({
  blocks,
  data,
  opensPage = false,
}: {
  blocks: readonly Block[];
  data: BlocksData;
  opensPage?: boolean;
}) {
  return blocks
    .filter((block) => hasBlockContent(block, data))
    .map((block, index) => (
      <BlockView
        key={block.id}
        block={block}
        data={data}
        level={opensPage && index === 0 ? 1 : 2}
      />
    ));
}
