// What the editor asks of a Booking calendar block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import { headingField, introField } from "~/capabilities/fields/common-fields";
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const bookingTable = {
  type: "booking",
  label: "Booking calendar",
  description: "The consultation booking calendar of the Booking page.",
  fields: [headingField, introField],
} as const satisfies VariantTable;
