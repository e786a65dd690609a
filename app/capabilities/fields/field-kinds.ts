// The field kit: each kind of field a table may hold (texts, rich text, link, image, choice, chosen
// records, lists and records of sub-fields), with its value's zod schema, its empty value, its
// cleaning and what it lacks to be published. Tables are data only; field-controls.tsx draws them.
import type { ComponentType } from "react";
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import { findLinkCharacterProblem, findSiteAddressProblem } from "~/platform/http/site-address";
import { tooLongMessage, z } from "~/platform/zod";
import type { FieldValues } from "./field-values";

/** Where a chooser's options come from: the site's services, case studies or articles. */
export type RefSource = "services" | "case-studies" | "articles";

type FieldBase<Key extends string> = {
  key: Key;
  label: string;
  /** A hint may read the rest of the record (the author's initials, the body's read time). */
  hint?: string | ((input: FieldValues) => string);
  /** Consecutive fields with the same number share a row of that many columns on wide screens. */
  columns?: 2 | 3;
  /** Folded under "More ..." after the table's other fields, so the main ones stay first. */
  more?: true;
};

/**
 * A text typed on one line or several. url, email, tel: the input's type (no check of the value's
 * form). icon: a name among the site's icons, offered by the screen's "icon-names" list. heroTitle:
 * plain text stored as one HTML paragraph. group: the value a list is grouped by (category,
 * industry), picked among those in use or typed.
 */
type TextKind = "text" | "longText" | "group" | "url" | "email" | "tel" | "icon" | "heroTitle";

/**
 * Kinds whose control the screen that draws the table supplies (FieldContext.controls): their
 * value and markup belong to layers above the kit (a page's blocks, a page's SEO panel). The kit
 * neither checks nor fills their value: their owner's schema does.
 */
export type SuppliedKind = "seo" | "blocks";

/** An icon drawn beside a card's heading. */
export type IconComponent = ComponentType<{ className?: string; "aria-hidden"?: "true" }>;

/**
 * A plain text (escaped when shown); required ones are asked for when the record is published.
 * Without max, a table whose schema is written elsewhere (the content's).
 */
export type TextKindField<Key extends string = string> = FieldBase<Key> & {
  kind: TextKind;
  max?: number;
  /** A multi-line text's height, in lines. */
  rows?: number;
  required?: true;
  placeholder?: (input: FieldValues) => string;
  /** Stored in another form than typed (an author's name as author, an empty read time computed). */
  derived?: true;
};
export type Field<Key extends string = string> =
  | TextKindField<Key>
  /** The writer's desk editor: sanitized like an article's text. */
  | (FieldBase<Key> & { kind: "richText" })
  | (FieldBase<Key> & { kind: SuppliedKind })
  /** An address on the site ("/contact") or a full web, mail or phone link. */
  | (FieldBase<Key> & { kind: "link" })
  /** An image of the library, with its description: { url, alt }. */
  | (FieldBase<Key> & { kind: "image" })
  | (FieldBase<Key> & { kind: "choice"; options: readonly { value: string; label: string }[] })
  /** Chosen records by id, in order; none chosen means all (services) or the newest. */
  | (FieldBase<Key> & { kind: "refs"; source: RefSource; max: number })
  /** A list of small records, each in a box of its own (FAQ pairs, testimonials, figures). */
  | (FieldBase<Key> & {
      kind: "rows";
      itemName: string;
      max: number;
      fields: readonly (TextKindField | (FieldBase<string> & { kind: "image" }))[];
    })
  /**
   * A list of short texts typed one item per line; itemName words the messages ("At most 8
   * approach steps", "Each approach step is required"). A line's own error shows under the field,
   * named by its line. Without limits, a table whose schema is written elsewhere (the content's).
   */
  | (FieldBase<Key> & {
      kind: "lines";
      itemName?: string;
      itemMax?: number;
      max?: number;
      rows?: number;
    })
  /** A list of records of two or three texts, each record in a group of its own ("Feature 1"). */
  | (FieldBase<Key> & {
      kind: "pairs";
      itemName: string;
      max: number;
      fields: readonly { key: string; label: string; multiline?: boolean }[];
    })
  /**
   * A list of rich records drawn as cards that move up and down (the services), each card's fields
   * from its table, the extra ones folded under `fold`.
   */
  | (FieldBase<Key> & {
      kind: "cards";
      itemName: string;
      max: number;
      addLabel: string;
      emptyText: string;
      // Method syntax: a table's functions take its own item type.
      create(): FieldValues;
      /** The short line under a card's heading ("Untitled service" when empty). */
      describe(item: FieldValues): string;
      icon?(item: FieldValues): IconComponent;
      fold: { title: string; description: string };
      fields: readonly Field[];
    })
  /** A list of records of a few short texts, each on one line ("Result 1 value", "Add Result"). */
  | (FieldBase<Key> & {
      kind: "inlineRows";
      itemName: string;
      max: number;
      fields: readonly TextKindField[];
    })
  /** A record of sub-fields under one heading (a case study's testimonial). */
  | (FieldBase<Key> & { kind: "object"; fields: readonly TextKindField[] });

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
export type ValueOf<F> = F extends {
  kind: "rows" | "inlineRows" | "cards";
  fields: infer S extends readonly Field[];
}
  ? ValuesOf<S>[]
  : F extends { kind: "pairs"; fields: readonly { key: infer K extends string }[] }
    ? Record<K, string>[]
    : F extends { kind: "object"; fields: infer S extends readonly Field[] }
      ? ValuesOf<S>
      : F extends { kind: "refs" | "lines" }
        ? string[]
        : F extends { kind: "image" }
          ? ImageValue
          : F extends { kind: SuppliedKind }
            ? unknown
            : string;

/** The record a table's fields hold. */
export type ValuesOf<Fields extends readonly Field[]> = {
  -readonly [F in Fields[number] as F["key"]]: ValueOf<F>;
};

const text = (max?: number) =>
  max === undefined ? z.string().trim() : z.string().trim().max(max, tooLongMessage(max));
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
const image = z.object({ url: imageUrl, alt: text(300) });

/**
 * How a table's values are read. filled: a missing value is the kind's empty one (a block).
 * input: as an editor sends them, each item of a list required. stored: as saved. Whether a
 * required field is filled is not the schema's: a draft may leave it empty (findMissingFieldValues).
 */
type TableUse = "filled" | "input" | "stored";

/** The schema of one field's value, by its kind. */
type SchemaOf<F> = F extends {
  kind: "rows" | "inlineRows" | "cards";
  fields: infer S extends readonly Field[];
}
  ? z.ZodArray<z.ZodObject<ShapeOf<S>>>
  : F extends { kind: "pairs" }
    ? z.ZodArray<z.ZodObject<Record<string, z.ZodString>>>
    : F extends { kind: "object"; fields: infer S extends readonly Field[] }
      ? z.ZodObject<ShapeOf<S>>
      : F extends { kind: "refs" | "lines" }
        ? z.ZodArray<z.ZodString>
        : F extends { kind: "image" }
          ? z.ZodObject<{ url: z.ZodString; alt: z.ZodString }>
          : F extends { kind: SuppliedKind }
            ? z.ZodUnknown
            : z.ZodString;

/** The zod shape of a table, by its fields' kinds. */
type ShapeOf<Fields extends readonly Field[]> = {
  -readonly [F in Fields[number] as F["key"]]: SchemaOf<F>;
};

/** The schema of a field's value; filled, a missing value parses as the kind's empty one. */
export function buildFieldSchema(field: Field, use: TableUse = "filled"): z.ZodType {
  const schema = buildKindSchema(field, use);
  return use === "filled" ? schema.default(createEmptyValue(field)) : schema;
}

function buildKindSchema(field: Field, use: TableUse): z.ZodType {
  switch (field.kind) {
    case "text":
    case "longText":
    case "group":
    case "url":
    case "email":
    case "tel":
    case "icon":
    case "heroTitle":
      return text(field.max);
    case "richText":
      return richText;
    case "seo":
    case "blocks":
      return z.unknown();
    case "link":
      return link;
    case "image":
      return image;
    case "choice":
      return z.enum(field.options.map((option) => option.value) as [string, ...string[]]);
    case "refs":
      return z.array(text(120)).max(field.max, `At most ${field.max} ${field.label.toLowerCase()}`);
    case "lines": {
      const { itemName = "item", max } = field;
      const item = text(field.itemMax);
      const list = z.array(use === "input" ? item.min(1, `Each ${itemName} is required`) : item);
      return max === undefined ? list : list.max(max, `At most ${max} ${itemName}s`);
    }
    case "pairs":
      return z
        .array(z.object(Object.fromEntries(field.fields.map((sub) => [sub.key, text()]))))
        .max(field.max, `At most ${field.max} ${field.itemName.toLowerCase()}s`);
    case "rows":
    case "inlineRows":
    case "cards":
      return z
        .array(z.object(buildTableShape(field.fields, use)))
        .max(field.max, `At most ${field.max} ${field.itemName.toLowerCase()}s`);
    case "object":
      return z.object(buildTableShape(field.fields, use));
  }
}

/** The zod shape of a table: one schema a field (filled, each with its default; typed without). */
export function buildTableShape<const Fields extends readonly Field[]>(
  fields: Fields,
  use: TableUse = "filled",
): ShapeOf<Fields> {
  return Object.fromEntries(
    fields.map((field) => [field.key, buildFieldSchema(field, use)]),
  ) as ShapeOf<Fields>;
}

/** A field's empty value: "" for a text, [] for a list, an empty record for a record. */
export function createEmptyValue(field: Field): unknown {
  switch (field.kind) {
    case "image":
      return { url: "", alt: "" };
    case "choice":
      return field.options[0]?.value ?? "";
    case "refs":
    case "rows":
    case "lines":
    case "inlineRows":
    case "pairs":
    case "cards":
      return [];
    case "object":
      return createEmptyValues(field.fields);
    default:
      return "";
  }
}

/** A table's empty values (a new row, a new record): every field empty. */
export function createEmptyValues(fields: readonly Field[]): FieldValues {
  return Object.fromEntries(fields.map((field) => [field.key, createEmptyValue(field)]));
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

/**
 * What a record lacks to be published, in the table's order: its required texts ("<name>:
 * <label> is required", or without a name "<label> is required"; a line's sub-field is named with
 * its item, "Result value"), an image's description. Values of the wrong type are the schema's.
 */
export function findMissingFieldValues(
  fields: readonly Field[],
  value: FieldValues,
  path: (string | number)[] = [],
  name?: string,
  labelOf = (field: Field) => field.label,
): MissingFieldValue[] {
  const inName = (message: string) => (name ? `${name}: ${message}` : message);
  return fields.flatMap((field): MissingFieldValue[] => {
    const own = value[field.key];
    const at = [...path, field.key];
    switch (field.kind) {
      case "text":
      case "longText":
      case "group":
        return field.required && !String(own ?? "").trim()
          ? [{ path: at, message: inName(`${labelOf(field)} is required`) }]
          : [];
      case "image": {
        const picked = (own ?? {}) as Partial<ImageValue>;
        return picked.url && !picked.alt?.trim()
          ? [
              {
                path: [...at, "alt"],
                message: inName("describe the image for people who cannot see it"),
              },
            ]
          : [];
      }
      case "rows":
      case "inlineRows": {
        // A row in a box is named by its place; a line's sub-field by its item ("Result value").
        const boxed = field.kind === "rows";
        return (Array.isArray(own) ? own : []).flatMap((row: FieldValues | null, rowIndex) =>
          findMissingFieldValues(
            field.fields,
            row ?? {},
            [...at, rowIndex],
            boxed ? `${name ? `${name}, ` : ""}${field.itemName} ${rowIndex + 1}` : name,
            boxed ? undefined : (sub) => `${field.itemName} ${sub.label}`,
          ),
        );
      }
      case "object":
        return findMissingFieldValues(field.fields, (own ?? {}) as FieldValues, at, name);
      default:
        return [];
    }
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

/** A short random id: a new block's, or a list row's key while the editor shows it. */
export function createShortId(): string {
  return Math.random().toString(36).slice(2, 12) || "b";
}
