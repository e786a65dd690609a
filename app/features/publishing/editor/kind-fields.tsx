// Draws the fields only one kind has (an article's excerpt, category, author and read time; a case
// study's summary, industry, client, challenge, approach, results and testimonial) from the kind's
// field table in publication-fields.ts: labels, hints, limits and order are written there only.

import { Fragment } from "react";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { StoredTextField, TextField } from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type {
  ObjectFieldSpec,
  PublicationFieldSpec,
  RowsFieldSpec,
  TextFieldSpec,
} from "../publication-fields";

type FieldsProps = {
  fields: readonly PublicationFieldSpec[];
  /** The whole input: hints may read other fields (the author's initials, the body's read time). */
  value: FieldValues;
  errors: Record<string, string>;
  /** The groups in use (categories, industries), offered by the group field. */
  groups: string[];
  onChange: (patch: FieldValues) => void;
};

/** A text field with suggestions: pick an existing category (or industry) or type a new one. */
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
  const id = `field-${path}`;
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

/** One text value of the table, at path (a row's or a record's sub-field has a longer one). */
function KindTextField({
  spec,
  path,
  label = spec.label,
  value,
  input,
  errors,
  groups,
  onValueChange,
}: {
  spec: TextFieldSpec;
  path: string;
  label?: string;
  value: string;
  input: FieldValues;
  errors: Record<string, string>;
  groups: string[];
  onValueChange: (value: string) => void;
}) {
  if (spec.kind === "group") {
    return (
      <PickOrTypeField
        path={path}
        label={label}
        value={value}
        options={groups}
        error={errors[path]}
        onValueChange={onValueChange}
      />
    );
  }
  return (
    <TextField
      multiline={spec.kind === "longText"}
      path={path}
      label={label}
      hint={typeof spec.hint === "function" ? spec.hint(input) : spec.hint}
      placeholder={spec.placeholder?.(input)}
      error={errors[path]}
      value={value}
      onValueChange={onValueChange}
    />
  );
}

/**
 * A list of small records, one row each. Text buttons, no icons: icons shared by three admin
 * screens would be bundled into every public page (vite.config.ts).
 */
function RowsField({
  spec,
  rows,
  input,
  errors,
  onRowsChange,
}: {
  spec: RowsFieldSpec;
  rows: FieldValues[];
  input: FieldValues;
  errors: Record<string, string>;
  onRowsChange: (rows: FieldValues[]) => void;
}) {
  const change = (index: number, patch: FieldValues) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const empty = () => Object.fromEntries(spec.fields.map((field) => [field.key, ""]));
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-foreground">{spec.label}</legend>
      <p className="-mt-1 text-xs text-muted-foreground">{spec.hint}</p>
      {rows.map((row, index) => (
        <div
          // Rows have no identity of their own; their place is what the errors refer to.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
        >
          {spec.fields.map((field) => (
            <KindTextField
              key={field.key}
              spec={field}
              path={`${spec.key}.${index}.${field.key}`}
              label={`${spec.itemName} ${index + 1} ${field.label}`}
              value={String(row[field.key] ?? "")}
              input={input}
              errors={errors}
              groups={[]}
              onValueChange={(text) => change(index, { [field.key]: text })}
            />
          ))}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onRowsChange(rows.filter((_, i) => i !== index))}
          >
            Remove<span className="sr-only">{` ${spec.itemName.toLowerCase()} ${index + 1}`}</span>
          </Button>
        </div>
      ))}
      {rows.length < spec.max ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => onRowsChange([...rows, empty()])}
        >
          Add {spec.itemName}
        </Button>
      ) : null}
    </fieldset>
  );
}

const gridColumns = { 2: "grid gap-5 sm:grid-cols-2", 3: "grid gap-5 sm:grid-cols-3" } as const;

/** Fields in table order; consecutive ones with the same columns share one row. */
function groupByRow<Spec extends { key: string; columns?: 2 | 3 }>(fields: readonly Spec[]) {
  const rows: Spec[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.columns && last?.[0]?.columns === field.columns) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

function ObjectField({
  spec,
  value,
  input,
  errors,
  onValueChange,
}: {
  spec: ObjectFieldSpec;
  value: FieldValues;
  input: FieldValues;
  errors: Record<string, string>;
  onValueChange: (value: FieldValues) => void;
}) {
  const draw = (field: TextFieldSpec) => (
    <KindTextField
      key={field.key}
      spec={field}
      path={`${spec.key}.${field.key}`}
      value={String(value[field.key] ?? "")}
      input={input}
      errors={errors}
      groups={[]}
      onValueChange={(text) => onValueChange({ ...value, [field.key]: text })}
    />
  );
  return (
    <fieldset className="grid gap-4">
      <legend className="text-sm font-semibold text-foreground">{spec.label}</legend>
      {groupByRow(spec.fields).map((row) =>
        row.length > 1 && row[0]?.columns ? (
          <div key={row[0].key} className={gridColumns[row[0].columns]}>
            {row.map(draw)}
          </div>
        ) : (
          <Fragment key={row[0]?.key}>{row.map(draw)}</Fragment>
        ),
      )}
    </fieldset>
  );
}

/** One field of a kind's table, by its kind. */
function KindField({
  spec,
  value,
  errors,
  groups,
  onChange,
}: Omit<FieldsProps, "fields"> & { spec: PublicationFieldSpec }) {
  const set = (next: unknown) => onChange({ [spec.key]: next });
  switch (spec.kind) {
    case "lines":
      return (
        <StoredTextField
          form="lines"
          path={spec.key}
          label={spec.label}
          hint={spec.hint}
          error={errors[spec.key]}
          value={(value[spec.key] as string[]) ?? []}
          onValueChange={set}
          rows={4}
        />
      );
    case "rows":
      return (
        <RowsField
          spec={spec}
          rows={(value[spec.key] as FieldValues[]) ?? []}
          input={value}
          errors={errors}
          onRowsChange={set}
        />
      );
    case "object":
      return (
        <ObjectField
          spec={spec}
          value={(value[spec.key] as FieldValues) ?? {}}
          input={value}
          errors={errors}
          onValueChange={set}
        />
      );
    default:
      return (
        <KindTextField
          spec={spec}
          path={spec.key}
          value={String(value[spec.key] ?? "")}
          input={value}
          errors={errors}
          groups={groups}
          onValueChange={set}
        />
      );
  }
}

/** The kind's own fields, in the table's order. */
export function KindFields({ fields, ...props }: FieldsProps) {
  return (
    <>
      {groupByRow(fields).map((row) =>
        row.length > 1 && row[0]?.columns ? (
          <div key={row[0].key} className={gridColumns[row[0].columns]}>
            {row.map((spec) => (
              <KindField key={spec.key} spec={spec} {...props} />
            ))}
          </div>
        ) : (
          row.map((spec) => <KindField key={spec.key} spec={spec} {...props} />)
        ),
      )}
    </>
  );
}
