// What the editor asks of a Contact form block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import { headingField, introField } from "~/capabilities/fields/common-fields";
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const contactTable = {
  type: "contact",
  label: "Contact form",
  description: "The site's contact form: messages reach the Leads inbox.",
  fields: [headingField, introField],
} as const satisfies VariantTable;
