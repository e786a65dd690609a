// What the editor asks of a Services block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import { headingField, introField } from "~/capabilities/fields/common-fields";
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const servicesTable = {
  type: "services",
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
} as const satisfies VariantTable;
