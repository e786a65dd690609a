// What the editor asks of a Figures block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";

export const blockTable = {
  type: "figures",
  order: 80,
  label: "Figures",
  description: 'A row of figures such as "15+ Years Experience".',
  fields: [
    {
      key: "items",
      label: "Figures",
      kind: "rows",
      itemName: "Figure",
      max: 4,
      fields: [
        { key: "value", label: "Value", kind: "text", max: 20, required: true },
        { key: "label", label: "Label", kind: "text", max: 80, required: true },
      ],
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    figures: typeof blockTable;
  }
}
