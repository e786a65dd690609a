// What the editor asks of a Latest articles block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { BlockTable } from "~/capabilities/fields/block-tables";
import { headingField } from "~/capabilities/fields/common-fields";

export const blockTable = {
  type: "articles",
  order: 60,
  label: "Latest articles",
  description: "The newest articles of a category, or the ones chosen.",
  fields: [
    headingField,
    { key: "category", label: "Category", kind: "text", max: 80, hint: "Empty: every category." },
    {
      key: "chosen",
      label: "Articles",
      kind: "refs",
      source: "articles",
      max: 6,
      hint: "None chosen: the three newest.",
    },
  ],
} as const satisfies BlockTable;

declare module "~/capabilities/fields/block-tables" {
  interface BlockTables {
    articles: typeof blockTable;
  }
}
