// What the editor asks of a FAQ block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "faq",
  order: 100,
  label: "FAQ",
  description: "Questions and answers; search engines read them as an FAQ.",
  fields: [
    headingField,
    {
      key: "items",
      label: "Questions",
      kind: "rows",
      itemName: "Question",
      max: 30,
      fields: [
        { key: "question", label: "Question", kind: "text", max: 300, required: true },
        { key: "answer", label: "Answer", kind: "longText", max: 3000, required: true },
      ],
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    faq: typeof blockTable;
  }
}
