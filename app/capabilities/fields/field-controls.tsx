// Draws a field table: each field by its kind (texts, rich text, link, image, choice, chosen
// records, lists and records of sub-fields), at its path in the form so errors and ids follow the
// table. Apart from field-kinds.ts because the server reads the kinds: what it reaches is styled on
// public pages.
import { Fragment, type ReactElement, type ReactNode, useRef } from "react";
import { CoverImageField, type LibraryChoice } from "~/capabilities/media/cover-image-field";
import { RichTextField } from "~/capabilities/rich-text/editor/rich-text-field";
import {
  hasErrorUnder,
  MoreFields,
  RemoveItemButton,
  StoredTextField,
  TextField,
  toFieldId,
} from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { CardListControl } from "./card-list-control";
import {
  createEmptyValues,
  createShortId,
  type Field,
  type ImageValue,
  type RefSource,
  type SuppliedKind,
} from "./field-kinds";
import type { FieldValues } from "./field-values";
import { PairListControl } from "./pair-list-control";

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
          path={path}
          label={field.label}
          hint={field.kind === "link" ? linkHint : readHint(field.hint, context)}
          placeholder={field.kind === "link" ? undefined : field.placeholder?.(context.input ?? {})}
          {...(field.kind === "link" || field.kind === "longText" ? {} : inputProps[field.kind])}
          multiline={field.kind === "longText"}
          rows={field.kind === "link" ? undefined : field.rows}
          error={errors[path]}
          value={String(value ?? "")}
          onValueChange={onChange}
        />
      );
    case "heroTitle":
      return (
        <StoredTextField
          form="htmlLine"
          path={path}
          label={field.label}
          hint={readHint(field.hint, context)}
          error={errors[path]}
          value={String(value ?? "")}
          onValueChange={onChange}
        />
      );
    case "richText":
      return (
        <RichTextField
          path={path}
          label={field.label}
          hint={readHint(field.hint, context)}
          error={errors[path]}
          value={String(value ?? "")}
          onValueChange={onChange}
        />
      );
    case "seo":
    case "blocks": {
      const Control = context.controls?.[field.kind];
      if (!Control) throw new Error(`No control was supplied for the ${field.kind} field ${path}`);
      const record = parent ?? { path: "", values: context.input ?? {}, onChange };
      return (
        <Control
          field={field}
          path={path}
          value={value}
          hint={readHint(field.hint, context)}
          context={context}
          parent={record}
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
