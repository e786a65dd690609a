// The data a list of blocks shows, and nothing more: each block type's own (its folder's
// data.server.ts), with every image as responsive as an article's: rich text's images as
// <picture>s, image fields given their sources and crop position.
import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import { type Block, type BlockType, mapBlockImages } from "~/capabilities/blocks/page-blocks";
import type { ImageValue } from "~/capabilities/fields/field-kinds";
import { withImagePositions } from "~/capabilities/media/image-records.server";
import {
  type FigureSizes,
  withResponsiveImages,
} from "~/capabilities/rich-text/responsive-html.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { getAppContext } from "~/platform/context.server";
import type { Db } from "~/platform/db/tables.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { type BlocksData, blockRegistry, getBlockParts } from "./block-registry.server";
import type { BlockOf } from "./block-view";

/** The blocks as shown: each prepared by its folder's data.server.ts (responsive rich text). */
function prepareBlocks(
  blocks: readonly Block[],
  place: (html: string, sizes: FigureSizes) => Promise<string>,
): Promise<Block[]> {
  return Promise.all(
    blocks.map(async (block) => {
      const prepare = getBlockParts(block.type).data?.prepare;
      return prepare ? prepare(block as BlockOf<typeof block.type>, place) : block;
    }),
  );
}

/** Every image field of the blocks with its upload's sources and crop position, when it has them. */
async function withBlockPictures(db: Db, logger: Logger, blocks: Block[]): Promise<Block[]> {
  const shown: { imageUrl: string }[] = [];
  mapBlockImages(blocks, (image) => {
    if (image.url) shown.push({ imageUrl: image.url });
    return image;
  });
  if (shown.length === 0) return blocks;
  try {
    const placed = new Map(
      (await withImagePositions(db, shown)).map(({ imageUrl, ...placement }) => [
        imageUrl,
        placement,
      ]),
    );
    return mapBlockImages(
      blocks,
      (image): ImageValue => ({
        ...image,
        ...placed.get(image.url),
      }),
    );
  } catch (error) {
    // The images still show, at their full size: the page is not worth failing for.
    logger.warn({ err: error }, "Failed to read the sizes of the blocks' images");
    markPageUncacheable();
    return blocks;
  }
}

/** Blocks as shown (rich text with responsive images) and only the data they show. */
export async function loadBlocksData(
  context: Readonly<RouterContextProvider>,
  stored: readonly Block[],
): Promise<{ blocks: Block[]; data: BlocksData }> {
  const { db, logger } = getAppContext(context);
  const types = new Set(stored.map((block) => block.type));
  const { content } = await getRequestContent(context);
  const blockTypes = Object.keys(blockRegistry) as BlockType[];
  const [blocks, loaded] = await Promise.all([
    prepareBlocks(stored, (html, sizes) => withResponsiveImages(db, logger, html, sizes)).then(
      (texts) => withBlockPictures(db, logger, texts),
    ),
    Promise.all(
      blockTypes.map(async (type) => {
        const load = getBlockParts(type).data?.load;
        return [type, load ? await load({ context, content, shown: types.has(type) }) : undefined];
      }),
    ),
  ]);
  return { blocks, data: Object.fromEntries(loaded) as BlocksData };
}
