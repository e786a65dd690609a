// What the editor asks of a Rich text block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";

export const blockTable = {
  type: "richText",
  order: 20,
  label: "Rich text",
  description: "Formatted text with headings, lists, links and images.",
  fields: [{ key: "body", label: "Formatted text", kind: "richText" }],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    richText: typeof blockTable;
  }
}
