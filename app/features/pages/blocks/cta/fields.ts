// What the editor asks of a Call to action block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "cta",
  order: 90,
  label: "Call to action",
  description: "A navy band with a heading, a line of text and a button.",
  fields: [
    { ...headingField, required: true },
    { key: "text", label: "Text", kind: "longText", max: 500 },
    { key: "buttonLabel", label: "Button text", kind: "text", max: 60 },
    { key: "buttonHref", label: "Button link", kind: "link" },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    cta: typeof blockTable;
  }
}
