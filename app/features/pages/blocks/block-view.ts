// What every block's view is: how it draws, whether it has anything to draw, and whether it needs
// the browser's JavaScript. Each block's folder holds one (view.tsx); block-registry.server.ts
// lists them.
import type { ReactNode } from "react";
import type { Block, BlockType } from "~/capabilities/blocks/page-blocks";

export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export type BlockViewProps<T extends BlockType, Data> = {
  block: BlockOf<T>;
  /** What the block's data.server.ts loaded for the page (undefined for a block without data). */
  data: Data;
  /** The hero's heading level: 1 when it opens a built page. */
  level: 1 | 2;
  /** The page is an FAQPage: FAQ blocks mark their questions up for search engines. */
  questions: boolean;
};

export type BlockView<T extends BlockType, Data> = {
  View: (props: BlockViewProps<T, Data>) => ReactNode;
  /** Whether the block has something to show: an empty one would leave an empty band. */
  hasContent: (block: BlockOf<T>, data: Data) => boolean;
  /** Drawn by the browser's code (a form, a calendar); the others become HTML on the server. */
  script: boolean;
};
