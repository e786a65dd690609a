// The image-with-text block as shown: its text's uploads as <picture>s sized to its column.
import { imageTextBodyImageSizes } from "~/features/publishing/components/image-sizes";
import type { BlockData } from "../block-data";

export const imageTextData = {
  prepare: async (block, place) => ({
    ...block,
    body: await place(block.body, imageTextBodyImageSizes),
  }),
} satisfies BlockData<"imageText", undefined>;
