// What a block's data.server.ts gives: the data its view shows, loaded once for the page, and the
// block itself as shown (its formatted text's images made responsive).
import type { RouterContextProvider } from "react-router";
import type { BlockType } from "~/capabilities/blocks/page-blocks";
import type { FigureSizes } from "~/capabilities/rich-text/responsive-html.server";
import type { SiteContent } from "~/features/content/schema";
import type { BlockOf } from "./block-view";

export type BlockLoadInput = {
  context: Readonly<RouterContextProvider>;
  content: SiteContent;
  /** Whether the page holds a block of this type: most load nothing when it does not. */
  shown: boolean;
};

export type BlockData<T extends BlockType, Data> = {
  load?: (input: BlockLoadInput) => Data | Promise<Data>;
  /** The block as shown: `place` makes its formatted text's uploads <picture>s of these sizes. */
  prepare?: (
    block: BlockOf<T>,
    place: (html: string, sizes: FigureSizes) => Promise<string>,
  ) => Promise<BlockOf<T>>;
};
