// What the editor asks of a Latest articles block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import { headingField } from "~/capabilities/fields/common-fields";
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const articlesTable = {
  type: "articles",
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
} as const satisfies VariantTable;
