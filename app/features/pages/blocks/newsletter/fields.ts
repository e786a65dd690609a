// What the editor asks of a Newsletter sign-up block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const newsletterTable = {
  type: "newsletter",
  label: "Newsletter sign-up",
  description: "The newsletter sign-up, with its confirmation email.",
  fields: [],
} as const satisfies VariantTable;
