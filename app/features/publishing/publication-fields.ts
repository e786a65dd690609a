// The one description of the fields only one kind has (an article's excerpt, category...; a case
// study's industry, challenge...): key, label, kind, limits, help. The field kit makes from these
// tables the schemas, the empty input, what publishing asks for and the editor's form
// (docs/decisions/058).

import type { Field, TextKindField } from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { toPlainText } from "~/platform/plain-text";
import { toInitials } from "~/ui/sections/initials-avatar";

/** Reading time at 200 words a minute, at least one minute: "6 min read". */
export function computeReadTime(html: string): string {
  const words = toPlainText(html).split(/\s+/).filter(Boolean).length;
  return `${Math.max(1, Math.round(words / 200))} min read`;
}

const readBody = (input: FieldValues) => computeReadTime(String(input.body ?? ""));

export const articleFields = [
  {
    key: "excerpt",
    label: "Excerpt",
    kind: "longText",
    max: 2000,
    required: true,
    hint: "Shown on the blog's cards (cut at 150 characters) and in search results.",
  },
  { key: "category", label: "Category", kind: "group", max: 80, required: true, columns: 2 },
  {
    key: "authorName",
    label: "Author",
    kind: "text",
    max: 120,
    required: true,
    columns: 2,
    derived: true,
    hint: (input) => {
      const initials = toInitials(String(input.authorName ?? ""));
      return initials ? `Shown with the initials ${initials}.` : "The author's full name.";
    },
  },
  {
    key: "readTime",
    label: "Read time",
    kind: "text",
    max: 40,
    derived: true,
    hint: (input) => `Leave empty to compute it from the text: ${readBody(input)}.`,
    placeholder: readBody,
  },
] as const satisfies readonly Field[];

/** An article's choice of its cover as the image shown when its address is shared (off for old items). */
export const coverCardField = {
  key: "coverAsCardImage",
  label: "Use the cover image when shared",
  hint: "Link previews (LinkedIn, Slack, X) then show the cover, cropped to 1200 × 630, instead of the generated title card.",
} as const;

const maxResults = 8;

export const caseStudyFields = [
  {
    key: "description",
    label: "Summary",
    kind: "longText",
    max: 2000,
    required: true,
    hint: "One or two sentences, shown on the case studies page.",
  },
  { key: "industry", label: "Industry", kind: "group", max: 80, required: true, columns: 2 },
  { key: "client", label: "Client", kind: "text", max: 200, columns: 2 },
  { key: "challenge", label: "Challenge", kind: "longText", max: 2000 },
  {
    key: "approach",
    label: "Approach",
    kind: "lines",
    itemName: "approach step",
    itemMax: 300,
    max: 8,
    rows: 4,
    hint: "One step per line (up to 8). Blank lines are ignored.",
  },
  {
    key: "results",
    label: "Results",
    kind: "inlineRows",
    itemName: "Result",
    max: maxResults,
    hint: `A figure and what it measures, such as "40%" and "lower maintenance costs". Up to ${maxResults}.`,
    fields: [
      { key: "value", label: "value", kind: "text", max: 20, required: true },
      { key: "label", label: "label", kind: "text", max: 80, required: true },
    ],
  },
  {
    key: "testimonial",
    label: "Testimonial",
    kind: "object",
    fields: [
      { key: "quote", label: "Quote", kind: "longText", max: 2000 },
      { key: "name", label: "Name", kind: "text", max: 120, columns: 3 },
      { key: "role", label: "Role", kind: "text", max: 120, columns: 3 },
      { key: "company", label: "Company", kind: "text", max: 120, columns: 3 },
    ],
  },
] as const satisfies readonly Field[];

export { toInitials };

type CopiedKey<Fields extends readonly Field[]> = Exclude<Fields[number], { derived: true }>["key"];

/** The values input and record keep alike under the same key (all but the derived ones). */
export function copyStoredFields<
  const Fields extends readonly Field[],
  T extends Record<CopiedKey<Fields>, unknown>,
>(fields: Fields, from: T): Pick<T, CopiedKey<Fields>> {
  return Object.fromEntries(
    fields
      .filter((field) => !("derived" in field && field.derived))
      .map((field) => [field.key, from[field.key as CopiedKey<Fields>]]),
  ) as Pick<T, CopiedKey<Fields>>;
}

/** The field the admin list groups by (category, industry). */
export function findGroupField(fields: readonly Field[]): TextKindField {
  const field = fields.find((spec): spec is TextKindField => spec.kind === "group");
  if (!field) throw new Error("A kind needs a group field");
  return field;
}
