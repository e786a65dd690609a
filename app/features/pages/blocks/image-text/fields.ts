// What the editor asks of a Image with text block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import { headingField } from "~/capabilities/fields/common-fields";
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const imageTextTable = {
  type: "imageText",
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
} as const satisfies VariantTable;
