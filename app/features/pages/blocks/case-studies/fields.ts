// What the editor asks of a Case studies block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField, introField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "caseStudies",
  order: 50,
  label: "Case studies",
  description: "Chosen case studies as cards.",
  fields: [
    headingField,
    introField,
    {
      key: "chosen",
      label: "Case studies",
      kind: "refs",
      source: "case-studies",
      max: 6,
      hint: "None chosen: the first three.",
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    caseStudies: typeof blockTable;
  }
}
