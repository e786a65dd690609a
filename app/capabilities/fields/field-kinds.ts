// The field kit: each kind of field a table may hold (text, rich text, link, image, choice, chosen
// records, rows), with its value's zod schema, its empty value, its cleaning and what it lacks to be
// published. Tables (a block's fields) are data only; field-controls.tsx draws them.
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import { findLinkCharacterProblem, findSiteAddressProblem } from "~/platform/http/site-address";
import { tooLongMessage, z } from "~/platform/zod";
import type { FieldValues } from "./field-values";

/** Where a chooser's options come from: the site's services, case studies or articles. */
export type RefSource = "services" | "case-studies" | "articles";

type FieldBase<Key extends string> = { key: Key; label: string; hint?: string };

/** A plain text (escaped when shown); required ones are asked for when the page is published. */
export type TextKindField<Key extends string = string> = FieldBase<Key> & {
  kind: "text" | "longText";
  max: number;
  required?: true;
};
export type Field<Key extends string = string> =
  | TextKindField<Key>
  /** The writer's desk editor: sanitized like an article's text. */
  | (FieldBase<Key> & { kind: "richText" })
  /** An address on the site ("/contact") or a full web, mail or phone link. */
  | (FieldBase<Key> & { kind: "link" })
  /** An image of the library, with its description: { url, alt }. */
  | (FieldBase<Key> & { kind: "image" })
  | (FieldBase<Key> & { kind: "choice"; options: readonly { value: string; label: string }[] })
  /** Chosen records by id, in order; none chosen means all (services) or the newest. */
  | (FieldBase<Key> & { kind: "refs"; source: RefSource; max: number })
  /** A list of small records (FAQ pairs, testimonials, figures). */
  | (FieldBase<Key> & {
      kind: "rows";
      itemName: string;
      max: number;
      fields: readonly (TextKindField | (FieldBase<string> & { kind: "image" }))[];
    });

export type FieldKind = Field["kind"];

/** One of the variants a list may hold (a block type): its name, words and field table. */
export type VariantTable = {
  type: string;
  label: string;
  description: string;
  fields: readonly Field[];
};

/**
 * A chosen image and its description; public pages add the upload's crop position and responsive
 * sources (never stored: the schema drops them).
 */
export type ImageValue = { url: string; alt: string } & ImagePlacement;

/** The value a field holds, by its kind. */
export type ValueOf<F> = F extends { kind: "rows"; fields: infer S extends readonly Field[] }
  ? ValuesOf<S>[]
  : F extends { kind: "refs" }
    ? string[]
    : F extends { kind: "image" }
      ? ImageValue
      : string;

/** The record a table's fields hold. */
export type ValuesOf<Fields extends readonly Field[]> = {
  -readonly [F in Fields[number] as F["key"]]: ValueOf<F>;
};

const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));
const imageUrl = text(300).regex(
  /^(?:\/images\/(?!.*\.\.)[\w./-]+)?$/,
  "Choose an image from the library (a path under /images/)",
);

/**
 * Why a link is not one a visitor may follow (a site address, a web page, an email or a phone
 * number), or undefined when it is: the check of a save and of a link drawn.
 */
export function findLinkProblem(value: string): string | undefined {
  return value.startsWith("/")
    ? findSiteAddressProblem(value)
    : (findLinkCharacterProblem(value) ??
        (/^(?:#|https?:\/\/|mailto:|tel:)/i.test(value)
          ? undefined
          : "Use an address on this site (/contact) or a full link (https://...)"));
}

const link = text(500).superRefine((value, ctx) => {
  const problem = value ? findLinkProblem(value) : undefined;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
const image = z.object({ url: imageUrl, alt: text(300) }).default({ url: "", alt: "" });

/** The schema of a field's value; a missing value parses as the kind's empty one. */
export function buildFieldSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case "text":
    case "longText":
      return text(field.max).default("");
    case "richText":
      return richText.default("");
    case "link":
      return link.default("");
    case "image":
      return image;
    case "choice":
      return z
        .enum(field.options.map((option) => option.value) as [string, ...string[]])
        .default(field.options[0]?.value ?? "");
    case "refs":
      return z
        .array(text(120))
        .max(field.max, `At most ${field.max} ${field.label.toLowerCase()}`)
        .default([]);
    case "rows":
      return z
        .array(z.object(buildTableShape(field.fields)))
        .max(field.max, `At most ${field.max} ${field.itemName.toLowerCase()}s`)
        .default([]);
  }
}

/** The zod shape of a table: one schema a field. */
export function buildTableShape(fields: readonly Field[]): Record<string, z.ZodType> {
  return Object.fromEntries(fields.map((field) => [field.key, buildFieldSchema(field)]));
}

/** A new row of a rows field: every sub-field empty. */
export function createEmptyRow(fields: readonly Field[]): FieldValues {
  return Object.fromEntries(
    fields.map((sub) => [sub.key, sub.kind === "image" ? { url: "", alt: "" } : ""]),
  );
}

/** The values with each field of the table passed through `map` (unchecked values too). */
export function mapFieldValues(
  fields: readonly Field[],
  values: FieldValues,
  map: (field: Field, value: unknown) => unknown,
): FieldValues {
  const mapped = { ...values };
  for (const field of fields) mapped[field.key] = map(field, values[field.key]);
  return mapped;
}

/** A rich text value cleaned by the sanitizer; other values as they are. */
export const sanitizeFieldValue =
  (sanitize: (html: string) => string) => (field: Field, value: unknown) =>
    field.kind === "richText" && typeof value === "string" ? sanitize(value) : value;

/** A link a visitor may not follow left empty; other values as they are. */
export const dropUnsafeLink = (field: Field, value: unknown) =>
  field.kind === "link" && typeof value === "string" && value && findLinkProblem(value)
    ? ""
    : value;

/** A field a record lacks to be published: where, and what to do. */
export type MissingFieldValue = { path: (string | number)[]; message: string };

/** What a record lacks to be published: its required texts, an image's description. */
export function findMissingFieldValues(
  fields: readonly Field[],
  value: FieldValues,
  path: (string | number)[],
  name: string,
): MissingFieldValue[] {
  return fields.flatMap((field): MissingFieldValue[] => {
    const own = value[field.key];
    if ((field.kind === "text" || field.kind === "longText") && field.required) {
      return String(own ?? "").trim()
        ? []
        : [{ path: [...path, field.key], message: `${name}: ${field.label} is required` }];
    }
    if (field.kind === "image") {
      const picked = (own ?? {}) as Partial<ImageValue>;
      return picked.url && !picked.alt?.trim()
        ? [
            {
              path: [...path, field.key, "alt"],
              message: `${name}: describe the image for people who cannot see it`,
            },
          ]
        : [];
    }
    if (field.kind === "rows" && Array.isArray(own)) {
      return own.flatMap((row: FieldValues, rowIndex) =>
        findMissingFieldValues(
          field.fields,
          row ?? {},
          [...path, field.key, rowIndex],
          `${name}, ${field.itemName} ${rowIndex + 1}`,
        ),
      );
    }
    return [];
  });
}

/** The values with every image field (rows' included) passed through `place`. */
export function mapImageValues(
  fields: readonly Field[],
  values: FieldValues,
  place: (image: ImageValue) => ImageValue,
): FieldValues {
  const mapped = { ...values };
  for (const field of fields) {
    const own = values[field.key];
    if (field.kind === "image" && own && typeof own === "object") {
      mapped[field.key] = place(own as ImageValue);
    } else if (field.kind === "rows" && Array.isArray(own)) {
      mapped[field.key] = own.map((row: FieldValues) => mapImageValues(field.fields, row, place));
    }
  }
  return mapped;
}
