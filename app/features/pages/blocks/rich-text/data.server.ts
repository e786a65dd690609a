// The rich text block as shown: its uploads as <picture>s sized to the reading width.
import { articleBodyImageSizes } from "~/features/publishing/components/image-sizes";
import type { BlockData } from "../block-data";

export const richTextData = {
  prepare: async (block, place) => ({
    ...block,
    body: await place(block.body, articleBodyImageSizes),
  }),
} satisfies BlockData<"richText", undefined>;
