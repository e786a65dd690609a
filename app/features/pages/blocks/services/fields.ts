// What the editor asks of a Services block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField, introField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "services",
  order: 40,
  label: "Services",
  description: "Service cards linking to their pages: all of them, or the ones chosen.",
  fields: [
    headingField,
    introField,
    {
      key: "chosen",
      label: "Services",
      kind: "refs",
      source: "services",
      max: 12,
      hint: "None chosen: every service.",
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    services: typeof blockTable;
  }
}
