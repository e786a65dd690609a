// Draws a field table: each field by its kind (texts, rich text, link, image, choice, chosen
// records, rows of sub-fields), at its path in the form so errors and ids follow the table. Apart
// from field-kinds.ts because the server reads the kinds: what it reaches is styled on public pages.
import { type ReactElement, useRef } from "react";
import { CoverImageField, type LibraryChoice } from "~/capabilities/media/cover-image-field";
import { RichTextField } from "~/capabilities/rich-text/editor/rich-text-field";
import { RemoveItemButton, TextField, toFieldId } from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { createEmptyRow, type Field, type ImageValue, type RefSource } from "./field-kinds";
import type { FieldValues } from "./field-values";

/** What a chooser offers: the site's services, case studies and articles. */
export type RefOptions = Record<RefSource, { value: string; label: string }[]>;

/** What every control of a table reads: the form's errors and the choosers' options. */
export type FieldContext = {
  errors: Record<string, string>;
  library: LibraryChoice[];
  refOptions: RefOptions;
};

/** A key for a row while the editor shows it: rows have no id of their own. */
const createRowKey = () => Math.random().toString(36).slice(2, 12) || "r";

const linkHint = "An address on this site such as /contact, or a full link (https://...).";

export function FieldControl({
  field,
  path,
  value,
  context,
  onChange,
}: {
  field: Field;
  path: string;
  value: unknown;
  context: FieldContext;
  onChange: (value: unknown) => void;
}): ReactElement {
  const { errors } = context;
  switch (field.kind) {
    case "text":
    case "longText":
    case "link":
      return (
        <TextField
          path={path}
          label={field.label}
          hint={field.kind === "link" ? linkHint : field.hint}
          multiline={field.kind === "longText"}
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
          error={errors[path]}
          value={String(value ?? "")}
          onValueChange={onChange}
        />
      );
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
          {field.hint ? <p className="text-xs text-muted-foreground">{field.hint}</p> : null}
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
      return (
        <RowsField
          field={field}
          path={path}
          rows={Array.isArray(value) ? (value as FieldValues[]) : []}
          context={context}
          onChange={onChange}
        />
      );
  }
}

/**
 * A list of rows (testimonials, figures). Rows have no id in the content, so each gets a key for
 * as long as the editor shows it: a row's fields (an upload on its way) stay with the row when an
 * earlier one is deleted.
 */
function RowsField({
  field,
  path,
  rows,
  context,
  onChange,
}: {
  field: Field & { kind: "rows" };
  path: string;
  rows: FieldValues[];
  context: FieldContext;
  onChange: (value: unknown) => void;
}) {
  const { errors } = context;
  const rowKeys = useRef<string[]>([]);
  // Rows replaced from outside (a draft restored, a save's answer) start over with new keys.
  if (rowKeys.current.length !== rows.length) rowKeys.current = rows.map(() => createRowKey());
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-foreground">{field.label}</legend>
      {rows.map((row, index) => (
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
          {field.fields.map((sub) => (
            <FieldControl
              key={sub.key}
              field={sub}
              path={`${path}.${index}.${sub.key}`}
              value={row[sub.key]}
              context={context}
              onChange={(next) =>
                onChange(
                  rows.map((each, at) => (at === index ? { ...each, [sub.key]: next } : each)),
                )
              }
            />
          ))}
        </div>
      ))}
      {errors[path] ? <p className="text-sm font-medium text-destructive">{errors[path]}</p> : null}
      {rows.length < field.max ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            rowKeys.current = [...rowKeys.current, createRowKey()];
            onChange([...rows, createEmptyRow(field.fields)]);
          }}
        >
          Add {field.itemName}
        </Button>
      ) : null}
    </fieldset>
  );
}
