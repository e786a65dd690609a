// What the editor asks of a Hero block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "hero",
  order: 10,
  label: "Hero",
  description: "The page's title band: heading, text, two buttons and an optional image.",
  fields: [
    { ...headingField, required: true },
    { key: "text", label: "Text", kind: "longText", max: 1000 },
    { key: "primaryLabel", label: "First button text", kind: "text", max: 60 },
    { key: "primaryHref", label: "First button link", kind: "link" },
    { key: "secondaryLabel", label: "Second button text", kind: "text", max: 60 },
    { key: "secondaryHref", label: "Second button link", kind: "link" },
    { key: "image", label: "Image", kind: "image" },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    hero: typeof blockTable;
  }
}
