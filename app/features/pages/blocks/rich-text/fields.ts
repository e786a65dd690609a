// What the editor asks of a Rich text block: its field table (validation, form and cleaning
// come from the field kit). Read by the layers below pages, so it imports only the kit.
import type { VariantTable } from "~/capabilities/fields/field-kinds";

export const richTextTable = {
  type: "richText",
  label: "Rich text",
  description: "Formatted text with headings, lists, links and images.",
  fields: [{ key: "body", label: "Formatted text", kind: "richText" }],
} as const satisfies VariantTable;
