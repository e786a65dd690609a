// What the editor asks of a Image with text block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "imageText",
  order: 30,
  label: "Image with text",
  description: "An image beside a heading and text, on either side.",
  fields: [
    headingField,
    { key: "body", label: "Text", kind: "richText" },
    { key: "image", label: "Image", kind: "image" },
    {
      key: "imageSide",
      label: "Image side",
      kind: "choice",
      options: [
        { value: "left", label: "Left" },
        { value: "right", label: "Right" },
      ],
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    imageText: typeof blockTable;
  }
}
