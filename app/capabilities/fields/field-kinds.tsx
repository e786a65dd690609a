// The field kit: each kind of field a table may hold (texts, rich text, link, image, choice, chosen
// records, lists and records of sub-fields), all of it in this one file: its value's type and zod
// schema, its empty value, its cleaning, what it lacks to be published and its control. Tables are
// data only. The server reads the schemas here; the controls are drawn only on admin screens, so
// the public stylesheet does not read this file (scripts/public-sources.ts).

import { Fragment, type ReactElement, type ReactNode, useRef } from "react";
import { CoverImageField, type LibraryChoice } from "~/capabilities/media/cover-image-field";
import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { RichTextField } from "~/capabilities/rich-text/editor/rich-text-field";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import {
  hasErrorUnder,
  MoreFields,
  RemoveItemButton,
  StoredTextField,
  TextField,
  toFieldId,
} from "~/capabilities/workspace/fields";
import { findLinkCharacterProblem, findSiteAddressProblem } from "~/platform/http/site-address";
import { tooLongMessage, z } from "~/platform/zod";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import type { CardList } from "./card-list-control";
import { CardListControl } from "./card-list-control";
import type { FieldValues } from "./field-values";
import { PairListControl } from "./pair-list-control";

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
  /** Rich records drawn as cards that move up and down (the services). */
  | (FieldBase<Key> & CardList<Field>)
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

// The controls: each kind drawn at its path in the form, so errors and ids follow the table.

/** What a chooser offers: the site's services, case studies and articles. */
export type RefOptions = Record<RefSource, { value: string; label: string }[]>;

/** The record a field sits in, for a supplied control that writes beside its own value. */
type ParentRecord = { path: string; values: FieldValues; onChange: (patch: FieldValues) => void };

/** What a supplied kind's control is drawn from: FieldControl's props, its record's among them. */
export type SuppliedControlProps = {
  field: Field & { kind: SuppliedKind };
  path: string;
  value: unknown;
  /** The field's hint, read for the record as it stands. */
  hint: string | undefined;
  context: FieldContext;
  parent: ParentRecord;
  onChange: (value: unknown) => void;
};

/** The controls of the kinds drawn above the kit, passed down by the screen that draws the form. */
export type SuppliedControls = {
  [Kind in SuppliedKind]: (props: SuppliedControlProps) => ReactElement;
};

/** What every control of a table reads: the form's errors and the choosers' options. */
export type FieldContext = {
  errors: Record<string, string>;
  library: LibraryChoice[];
  refOptions: RefOptions;
  /** The whole record, for hints and placeholders that read other fields. */
  input?: FieldValues;
  /** The groups in use (categories, industries), offered by a group field. */
  groups?: string[];
  /** The supplied kinds' controls, for a table that holds them (the content's). */
  controls?: SuppliedControls;
};

type FieldHint = Field["hint"];

/** A field's hint, worded for the record as it stands. */
const readHint = (hint: FieldHint, context: FieldContext) =>
  typeof hint === "function" ? hint(context.input ?? {}) : hint;

const linkHint = "An address on this site such as /contact, or a full link (https://...).";

/** What a one-line text kind adds to its input: its type and the browser's help. */
const inputProps = {
  text: { type: "text" },
  url: { type: "url", inputMode: "url" },
  email: { type: "email", autoComplete: "off" },
  tel: { type: "tel", autoComplete: "off" },
  icon: { type: "text", list: "icon-names", autoComplete: "off", spellCheck: false },
} as const;

/** The first error of one line of a lines field ("path.2"), named by its line. */
function findLineError(errors: Record<string, string>, path: string): string | undefined {
  const prefix = `${path}.`;
  const found = Object.entries(errors).find(
    ([key]) => key.startsWith(prefix) && /^\d+$/.test(key.slice(prefix.length)),
  );
  return found && `Line ${Number(found[0].slice(prefix.length)) + 1}: ${found[1]}`;
}

export function FieldControl({
  field,
  path,
  value,
  context,
  parent,
  onChange,
}: {
  field: Field;
  path: string;
  value: unknown;
  context: FieldContext;
  /** The record the field sits in; a supplied control may write beside its own value. */
  parent?: ParentRecord;
  onChange: (value: unknown) => void;
}): ReactElement {
  const { errors } = context;
  // What every control of a single text reads.
  const textProps = {
    path,
    label: field.label,
    hint: readHint(field.hint, context),
    error: errors[path],
    value: String(value ?? ""),
    onValueChange: onChange,
  };
  switch (field.kind) {
    case "text":
    case "longText":
    case "url":
    case "email":
    case "tel":
    case "icon":
    case "link":
      return (
        <TextField
          {...textProps}
          hint={field.kind === "link" ? linkHint : textProps.hint}
          placeholder={field.kind === "link" ? undefined : field.placeholder?.(context.input ?? {})}
          {...(field.kind === "link" || field.kind === "longText" ? {} : inputProps[field.kind])}
          multiline={field.kind === "longText"}
          rows={field.kind === "link" ? undefined : field.rows}
        />
      );
    case "heroTitle":
      return <StoredTextField form="htmlLine" {...textProps} />;
    case "richText":
      return <RichTextField {...textProps} />;
    case "seo":
    case "blocks": {
      const Control = context.controls?.[field.kind];
      // Only a FieldTable draws them: it supplies the record they may write beside their value.
      if (!Control || !parent) throw new Error(`No control for the ${field.kind} field ${path}`);
      return (
        <Control
          field={field}
          path={path}
          value={value}
          hint={readHint(field.hint, context)}
          context={context}
          parent={parent}
          onChange={onChange}
        />
      );
    }
    case "image": {
      const image = (value ?? { url: "", alt: "" }) as ImageValue;
      return (
        <CoverImageField
          legend={field.label}
          paths={{ url: `${path}.url`, alt: `${path}.alt` }}
          imageUrl={image.url}
          imageAlt={image.alt}
          library={context.library}
          errors={errors}
          onChange={(patch) =>
            onChange({
              url: patch.imageUrl ?? image.url,
              alt: patch.imageAlt ?? image.alt,
            })
          }
        />
      );
    }
    case "choice":
      return (
        <div className="grid gap-2">
          <Label htmlFor={toFieldId(path)}>{field.label}</Label>
          <NativeSelect
            id={toFieldId(path)}
            value={String(value ?? "")}
            onChange={(event) => onChange(event.target.value)}
          >
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      );
    case "refs": {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const options = context.refOptions[field.source];
      return (
        <fieldset className="grid gap-2" id={toFieldId(path)}>
          <legend className="text-sm font-medium text-foreground">{field.label}</legend>
          {field.hint ? (
            <p className="text-xs text-muted-foreground">{readHint(field.hint, context)}</p>
          ) : null}
          <div className="grid gap-1 sm:grid-cols-2">
            {options.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.includes(option.value)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...chosen, option.value]
                        : chosen.filter((id) => id !== option.value),
                    )
                  }
                />
                {option.label}
              </label>
            ))}
          </div>
          {errors[path] ? (
            <p className="text-sm font-medium text-destructive">{errors[path]}</p>
          ) : null}
        </fieldset>
      );
    }
    case "rows":
    case "inlineRows": {
      const props = {
        path,
        rows: Array.isArray(value) ? (value as FieldValues[]) : [],
        context,
        onChange,
      };
      return field.kind === "rows" ? (
        <RowsField field={field} {...props} />
      ) : (
        <InlineRowsField field={field} {...props} />
      );
    }
    case "group":
      return (
        <PickOrTypeField
          path={path}
          label={field.label}
          value={String(value ?? "")}
          options={context.groups ?? []}
          error={errors[path]}
          onValueChange={onChange}
        />
      );
    case "lines":
      return (
        <StoredTextField
          form="lines"
          path={path}
          label={field.label}
          hint={readHint(field.hint, context)}
          error={errors[path] ?? findLineError(errors, path)}
          value={Array.isArray(value) ? (value as string[]) : []}
          onValueChange={onChange}
          rows={field.rows}
        />
      );
    case "pairs":
      return (
        <PairListControl
          path={path}
          legend={field.label}
          hint={readHint(field.hint, context)}
          itemName={field.itemName}
          fields={field.fields}
          items={Array.isArray(value) ? (value as Record<string, string>[]) : []}
          onItemsChange={onChange}
          max={field.max}
          errors={errors}
        />
      );
    case "cards":
      return (
        <CardListControl
          spec={field}
          path={path}
          items={Array.isArray(value) ? (value as FieldValues[]) : []}
          onItemsChange={onChange}
          hint={readHint(field.hint, context)}
          drawFields={(props) => (
            <FieldTable
              {...props}
              context={context}
              onChange={(patch) => props.onChange({ ...props.values, ...patch })}
            />
          )}
        />
      );
    case "object": {
      const record = (value ?? {}) as FieldValues;
      return (
        <fieldset className="grid gap-4">
          <legend className="text-sm font-semibold text-foreground">{field.label}</legend>
          <FieldRows
            fields={field.fields}
            draw={(sub) => (
              <FieldControl
                key={sub.key}
                field={sub}
                path={`${path}.${sub.key}`}
                value={record[sub.key]}
                context={context}
                onChange={(next) => onChange({ ...record, [sub.key]: next })}
              />
            )}
          />
        </fieldset>
      );
    }
  }
}

/** What a list of rows is drawn from: its field, its place in the form and its rows. */
type RowsProps<Kind extends "rows" | "inlineRows"> = {
  field: Field & { kind: Kind };
  path: string;
  rows: FieldValues[];
  context: FieldContext;
  onChange: (value: unknown) => void;
};

/**
 * A whole table, in its order, each change as a patch of the record; the fields marked `more`
 * after the others, folded under `more`'s title.
 */
export function FieldTable({
  fields,
  values,
  context,
  path,
  more = { title: "More fields", description: "" },
  onChange,
}: {
  fields: readonly Field[];
  values: FieldValues;
  context: FieldContext;
  /** Where the record sits in the form ("hero", "services.items.2"); the form's root without. */
  path?: string;
  more?: { title: string; description: string };
  onChange: (patch: FieldValues) => void;
}) {
  const tableContext = { ...context, input: values };
  const parent = { path: path ?? "", values, onChange };
  const pathOf = (field: Field) => (path ? `${path}.${field.key}` : field.key);
  const draw = (field: Field) => (
    <FieldControl
      key={field.key}
      field={field}
      path={pathOf(field)}
      value={values[field.key]}
      context={tableContext}
      parent={parent}
      onChange={(next) => onChange({ [field.key]: next })}
    />
  );
  const folded = fields.filter((field) => field.more);
  return (
    <>
      <FieldRows fields={fields.filter((field) => !field.more)} draw={draw} />
      {folded.length > 0 ? (
        <MoreFields
          title={more.title}
          description={more.description}
          hasError={folded.some((field) => hasErrorUnder(context.errors, pathOf(field)))}
        >
          <FieldRows fields={folded} draw={draw} />
        </MoreFields>
      ) : null}
    </>
  );
}

const gridColumns = { 2: "grid gap-5 sm:grid-cols-2", 3: "grid gap-5 sm:grid-cols-3" } as const;

/** Fields in table order; consecutive ones with the same columns share one row. */
function FieldRows<Spec extends Field>({
  fields,
  draw,
}: {
  fields: readonly Spec[];
  draw: (field: Spec) => ReactNode;
}) {
  const rows: Spec[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.columns && last?.[0]?.columns === field.columns) last.push(field);
    else rows.push([field]);
  }
  return rows.map((row) =>
    row.length > 1 && row[0]?.columns ? (
      <div key={row[0].key} className={gridColumns[row[0].columns]}>
        {row.map(draw)}
      </div>
    ) : (
      <Fragment key={row[0]?.key}>{row.map(draw)}</Fragment>
    ),
  );
}

/** A text field with suggestions: pick a group in use (a category, an industry) or type a new one. */
function PickOrTypeField({
  path,
  label,
  value,
  options,
  error,
  onValueChange,
}: {
  path: string;
  label: string;
  value: string;
  options: string[];
  error: string | undefined;
  onValueChange: (value: string) => void;
}) {
  const id = toFieldId(path);
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        Pick one in use ({options.join(", ") || "none yet"}) or type a new one.
      </p>
      <Input
        id={id}
        list={`${id}-options`}
        value={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <datalist id={`${id}-options`}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Records of a few short texts, one line each ("Result 1 value"). A text button, no icon: icons
 * shared by three admin screens would be bundled into every public page (vite.config.ts).
 */
function InlineRowsField(props: RowsProps<"inlineRows">) {
  const { field, rows, context, onChange } = props;
  const hint = readHint(field.hint, context);
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-foreground">{field.label}</legend>
      {hint ? <p className="-mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      {rows.map((_, index) => (
        <div
          // Rows have no identity of their own; their place is what the errors refer to.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
        >
          <RowFields
            list={props}
            index={index}
            labelOf={(sub) => `${field.itemName} ${index + 1} ${sub.label}`}
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            Remove
            <span className="sr-only">{` ${field.itemName.toLowerCase()} ${index + 1}`}</span>
          </Button>
        </div>
      ))}
      <AddRowButton list={props} />
    </fieldset>
  );
}

/**
 * A list of rows (testimonials, figures). Rows have no id in the content, so each gets a key for
 * as long as the editor shows it: a row's fields (an upload on its way) stay with the row when an
 * earlier one is deleted.
 */
function RowsField(props: RowsProps<"rows">) {
  const { field, path, rows, context, onChange } = props;
  const { errors } = context;
  const rowKeys = useRef<string[]>([]);
  // Rows replaced from outside (a draft restored, a save's answer) start over with new keys.
  if (rowKeys.current.length !== rows.length) rowKeys.current = rows.map(() => createShortId());
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-foreground">{field.label}</legend>
      {rows.map((_, index) => (
        <div
          key={rowKeys.current[index]}
          className="grid gap-3 rounded-md border border-border p-3"
        >
          <div className="flex items-center justify-between">
            <span className="text-sm font-semibold">
              {field.itemName} {index + 1}
            </span>
            <RemoveItemButton
              label={`Delete ${field.itemName} ${index + 1}`}
              onClick={() => {
                rowKeys.current = rowKeys.current.filter((_, at) => at !== index);
                onChange(rows.filter((_, at) => at !== index));
              }}
            />
          </div>
          <RowFields list={props} index={index} />
        </div>
      ))}
      {errors[path] ? <p className="text-sm font-medium text-destructive">{errors[path]}</p> : null}
      <AddRowButton
        list={props}
        onAdd={() => {
          rowKeys.current = [...rowKeys.current, createShortId()];
        }}
      />
    </fieldset>
  );
}

/** One row's sub-fields, each change written into that row of the list. */
function RowFields({
  list,
  index,
  labelOf = (sub) => sub.label,
}: {
  list: RowsProps<"rows" | "inlineRows">;
  index: number;
  labelOf?: (sub: Field) => string;
}) {
  const { field, path, rows, context, onChange } = list;
  const row = rows[index] ?? {};
  const subFields: readonly Field[] = field.fields;
  return subFields.map((sub) => (
    <FieldControl
      key={sub.key}
      field={{ ...sub, label: labelOf(sub) }}
      path={`${path}.${index}.${sub.key}`}
      value={row[sub.key]}
      context={context}
      onChange={(next) =>
        onChange(rows.map((each, at) => (at === index ? { ...each, [sub.key]: next } : each)))
      }
    />
  ));
}

/** The button under a list that adds an empty row, while the list has room for one. */
function AddRowButton({
  list,
  onAdd,
}: {
  list: RowsProps<"rows" | "inlineRows">;
  onAdd?: () => void;
}) {
  const { field, rows, onChange } = list;
  return rows.length < field.max ? (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={() => {
        onAdd?.();
        onChange([...rows, createEmptyValues(field.fields)]);
      }}
    >
      Add {field.itemName}
    </Button>
  ) : null;
}
