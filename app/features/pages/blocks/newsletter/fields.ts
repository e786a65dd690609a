// What the editor asks of a Newsletter sign-up block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";

export const blockTable = {
  type: "newsletter",
  order: 120,
  label: "Newsletter sign-up",
  description: "The newsletter sign-up, with its confirmation email.",
  fields: [],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    newsletter: typeof blockTable;
  }
}
