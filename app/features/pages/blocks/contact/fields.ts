// What the editor asks of a Contact form block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField, introField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "contact",
  order: 110,
  label: "Contact form",
  description: "The site's contact form: messages reach the Leads inbox.",
  fields: [headingField, introField],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    contact: typeof blockTable;
  }
}
