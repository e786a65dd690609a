// The one description of the fields only one kind has (an article's excerpt, category...; a case
// study's industry, challenge...): key, label, control, limits, help. Schemas, the store and the
// editor read these tables (like the content's, docs/decisions/005-admin-field-table.md).

import type { FieldValues } from "~/capabilities/fields/field-values";
import { toPlainText } from "~/platform/plain-text";
import { tooLongMessage, z } from "~/platform/zod";
import { toInitials } from "~/ui/sections/initials-avatar";

type FieldBase<Key extends string> = {
  key: Key;
  label: string;
  /** Consecutive fields with the same number share a row of that many columns on wide screens. */
  columns?: 2 | 3;
};

/**
 * One text value. group: the admin list's grouping (category, industry), picked from the ones in
 * use or typed new. A hint or placeholder may depend on the rest of the input.
 */
export type TextFieldSpec<Key extends string = string> = FieldBase<Key> & {
  kind: "text" | "longText" | "group";
  max: number;
  /** Refused empty with "<label> is required" when the item is published or scheduled. */
  required?: true;
  hint?: string | ((input: FieldValues) => string);
  placeholder?: (input: FieldValues) => string;
  /** Stored in another form than typed (authorName as author, an empty read time computed). */
  derived?: true;
};

/** A list edited one item per line. itemName words the messages: "At most 8 approach steps". */
export type LinesFieldSpec<Key extends string = string> = FieldBase<Key> & {
  kind: "lines";
  itemName: string;
  itemMax: number;
  max: number;
  hint: string;
};

/** A list of small records, one row of sub-fields each ("Result 1 value", "Add Result"). */
export type RowsFieldSpec<
  Key extends string = string,
  Fields extends readonly TextFieldSpec[] = readonly TextFieldSpec[],
> = FieldBase<Key> & { kind: "rows"; itemName: string; max: number; hint: string; fields: Fields };

/** A record of sub-fields under one heading (the testimonial). */
export type ObjectFieldSpec<
  Key extends string = string,
  Fields extends readonly TextFieldSpec[] = readonly TextFieldSpec[],
> = FieldBase<Key> & { kind: "object"; fields: Fields };

export type PublicationFieldSpec = TextFieldSpec | LinesFieldSpec | RowsFieldSpec | ObjectFieldSpec;

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
] as const satisfies readonly PublicationFieldSpec[];

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
    hint: "One step per line (up to 8). Blank lines are ignored.",
  },
  {
    key: "results",
    label: "Results",
    kind: "rows",
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
] as const satisfies readonly PublicationFieldSpec[];

/** The schema of one field's value: the admin's input, or (record) what is stored and shown. */
type SchemaOf<F> = F extends { kind: "lines" }
  ? z.ZodArray<z.ZodString>
  : F extends { kind: "rows"; fields: infer S extends readonly TextFieldSpec[] }
    ? z.ZodArray<z.ZodObject<ShapeOf<S>>>
    : F extends { kind: "object"; fields: infer S extends readonly TextFieldSpec[] }
      ? z.ZodObject<ShapeOf<S>>
      : z.ZodString;

export type ShapeOf<Fields extends readonly PublicationFieldSpec[]> = {
  -readonly [F in Fields[number] as F["key"]]: SchemaOf<F>;
};

export { toInitials, tooLongMessage };

const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));

/**
 * The zod shape of a table: each value's type and limits, as input or (record) as stored. Whether
 * a required field is filled is not checked here: a draft may leave it empty, and publishing asks
 * for it (findMissingFields).
 */
export function buildShape<const Fields extends readonly PublicationFieldSpec[]>(
  fields: Fields,
  use: "input" | "record",
): ShapeOf<Fields> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (field.kind === "lines") {
      const item = text(field.itemMax);
      shape[field.key] = z
        .array(use === "input" ? item.min(1, `Each ${field.itemName} is required`) : item)
        .max(field.max, `At most ${field.max} ${field.itemName}s`);
    } else if (field.kind === "rows") {
      shape[field.key] = z
        .array(z.object(buildShape(field.fields, use)))
        .max(field.max, `At most ${field.max} ${field.itemName.toLowerCase()}s`);
    } else if (field.kind === "object") {
      shape[field.key] = z.object(buildShape(field.fields, use));
    } else {
      shape[field.key] = text(field.max);
    }
  }
  return shape as ShapeOf<Fields>;
}

/** A required field left empty: where it is in the input, and "<label> is required". */
export type MissingField = { path: (string | number)[]; message: string };

/**
 * The required fields an input leaves empty, in the table's order; a row's sub-field is named with
 * its item ("Result value is required"). Values of the wrong type are the schema's to refuse.
 */
export function findMissingFields(
  fields: readonly PublicationFieldSpec[],
  value: FieldValues,
  path: (string | number)[] = [],
  label = (field: TextFieldSpec) => field.label,
): MissingField[] {
  return fields.flatMap((field) => {
    const own = value[field.key];
    const at = [...path, field.key];
    if (field.kind === "rows") {
      return (Array.isArray(own) ? own : []).flatMap((row: FieldValues | null, index) =>
        findMissingFields(
          field.fields,
          row ?? {},
          [...at, index],
          (sub) => `${field.itemName} ${sub.label}`,
        ),
      );
    }
    if (field.kind === "object") {
      return findMissingFields(field.fields, (own ?? {}) as FieldValues, at);
    }
    return field.kind !== "lines" && field.required && !String(own ?? "").trim()
      ? [{ path: at, message: `${label(field)} is required` }]
      : [];
  });
}

/** The table's empty input: "" for text, [] for lists, a record of "" for a group of fields. */
export function createEmptyFields(fields: readonly PublicationFieldSpec[]): FieldValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.key,
      field.kind === "lines" || field.kind === "rows"
        ? []
        : field.kind === "object"
          ? createEmptyFields(field.fields)
          : "",
    ]),
  );
}

type CopiedKey<Fields extends readonly PublicationFieldSpec[]> = Exclude<
  Fields[number],
  { derived: true }
>["key"];

/** The values input and record keep alike under the same key (all but the derived ones). */
export function copyStoredFields<
  const Fields extends readonly PublicationFieldSpec[],
  T extends Record<CopiedKey<Fields>, unknown>,
>(fields: Fields, from: T): Pick<T, CopiedKey<Fields>> {
  return Object.fromEntries(
    fields
      .filter((field) => !("derived" in field && field.derived))
      .map((field) => [field.key, from[field.key as CopiedKey<Fields>]]),
  ) as Pick<T, CopiedKey<Fields>>;
}

/** The field the admin list groups by (category, industry). */
export function findGroupField(fields: readonly PublicationFieldSpec[]): TextFieldSpec {
  const field = fields.find((spec): spec is TextFieldSpec => spec.kind === "group");
  if (!field) throw new Error("A kind needs a group field");
  return field;
}
