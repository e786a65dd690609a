// What the editor asks of a Booking calendar block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField, introField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "booking",
  order: 130,
  label: "Booking calendar",
  description: "The consultation booking calendar of the Booking page.",
  fields: [headingField, introField],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    booking: typeof blockTable;
  }
}
