// What the editor asks of a Testimonials block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "testimonials",
  order: 70,
  label: "Testimonials",
  description: "Quotes of clients, with name, role, company and an optional photo.",
  fields: [
    headingField,
    {
      key: "items",
      label: "Testimonials",
      kind: "rows",
      itemName: "Testimonial",
      max: 6,
      fields: [
        { key: "quote", label: "Quote", kind: "longText", max: 1000, required: true },
        { key: "name", label: "Name", kind: "text", max: 120, required: true },
        { key: "role", label: "Role", kind: "text", max: 120 },
        { key: "company", label: "Company", kind: "text", max: 120 },
        { key: "photo", label: "Photo", kind: "image" },
      ],
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    testimonials: typeof blockTable;
  }
}
