// The blocks of a page in its editor: each block's form drawn from its fields (page-blocks.ts),
// blocks added from the list of types, moved up or down and removed.
import { ArrowDown, ArrowUp } from "lucide-react";
import { createContext, useId, useRef, useState } from "react";
import { CoverImageField, type LibraryChoice } from "~/capabilities/media/cover-image-field";
import { RichTextField } from "~/capabilities/rich-text/editor/rich-text-field";
import { RemoveItemButton, TextField, toFieldId } from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import {
  type Block,
  type BlockField,
  type BlockType,
  blockSpecs,
  createBlock,
  createBlockId,
  findBlockSpec,
  type ImageValue,
  type RefSource,
} from "./page-blocks";

/** What a chooser offers: the site's services, case studies and articles. */
export type RefOptions = Record<RefSource, { value: string; label: string }[]>;

type Values = Record<string, unknown>;

/** What the blocks' choosers offer, for a form that draws blocks among its other fields. */
export const BlockChoicesContext = createContext<{
  library: LibraryChoice[];
  refOptions: RefOptions;
}>({ library: [], refOptions: { services: [], "case-studies": [], articles: [] } });

type FieldContext = {
  errors: Record<string, string>;
  library: LibraryChoice[];
  refOptions: RefOptions;
};

const linkHint = "An address on this site such as /contact, or a full link (https://...).";

function BlockFieldControl({
  field,
  path,
  value,
  context,
  onChange,
}: {
  field: BlockField;
  path: string;
  value: unknown;
  context: FieldContext;
  onChange: (value: unknown) => void;
}) {
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
          rows={Array.isArray(value) ? (value as Values[]) : []}
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
  field: BlockField & { kind: "rows" };
  path: string;
  rows: Values[];
  context: FieldContext;
  onChange: (value: unknown) => void;
}) {
  const { errors } = context;
  const rowKeys = useRef<string[]>([]);
  // Rows replaced from outside (a draft restored, a save's answer) start over with new keys.
  if (rowKeys.current.length !== rows.length) rowKeys.current = rows.map(() => createBlockId());
  const empty = () =>
    Object.fromEntries(
      field.fields.map((sub) => [sub.key, sub.kind === "image" ? { url: "", alt: "" } : ""]),
    );
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
            <BlockFieldControl
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
            rowKeys.current = [...rowKeys.current, createBlockId()];
            onChange([...rows, empty()]);
          }}
        >
          Add {field.itemName}
        </Button>
      ) : null}
    </fieldset>
  );
}

export function BlocksField({
  blocks,
  path = "blocks",
  heading,
  hint,
  errors,
  library,
  refOptions,
  onChange,
}: {
  blocks: Block[];
  /** Where the list sits in the form: its errors are keyed under it ("blocks.0.heading"). */
  path?: string;
  /** The list's heading when the form has more than one ("Home page"); else "Blocks". */
  heading?: string;
  hint?: string | undefined;
  errors: Record<string, string>;
  library: LibraryChoice[];
  refOptions: RefOptions;
  onChange: (blocks: Block[]) => void;
}) {
  const id = useId();
  const [adding, setAdding] = useState<BlockType>("hero");
  const context = { errors, library, refOptions };
  const move = (from: number, to: number) => {
    const next = [...blocks];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  return (
    <section className="grid gap-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-navy">
        {heading ?? "Blocks"}
      </h2>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No blocks yet: add the first one below (a Hero is a good start).
        </p>
      ) : null}
      {errors[path] ? (
        // Focused when a save is refused for the list as a whole (the page's size).
        <p
          id={`field-${path.replace(/[^\w-]/g, "-")}`}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {errors[path]}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {blocks.map((block, index) => {
          const spec = findBlockSpec(block.type);
          if (!spec) return null;
          const values = block as unknown as Values;
          const name = `${spec.label} block ${index + 1}`;
          return (
            <li
              key={block.id}
              className="grid gap-4 rounded-lg border border-border bg-white p-4 shadow-sm"
              aria-label={name}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <h3 className="font-semibold text-navy">{spec.label}</h3>
                  <p className="text-xs text-muted-foreground">{spec.description}</p>
                </div>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${name} down`}
                    disabled={index === blocks.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <RemoveItemButton
                    label={`Remove ${name}`}
                    onClick={() => onChange(blocks.filter((each) => each.id !== block.id))}
                  />
                </div>
              </div>
              {spec.fields.map((field) => (
                <BlockFieldControl
                  key={field.key}
                  field={field}
                  path={`${path}.${index}.${field.key}`}
                  value={values[field.key]}
                  context={context}
                  onChange={(value) =>
                    onChange(
                      blocks.map((each) =>
                        each.id === block.id ? ({ ...each, [field.key]: value } as Block) : each,
                      ),
                    )
                  }
                />
              ))}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-2 border-t border-border pt-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>
            Block to add{heading ? <span className="sr-only"> to {heading}</span> : null}
          </Label>
          <NativeSelect
            id={`${id}-type`}
            className="w-56"
            value={adding}
            onChange={(event) => setAdding(event.target.value as BlockType)}
          >
            {blockSpecs.map((spec) => (
              <option key={spec.type} value={spec.type}>
                {spec.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => onChange([...blocks, createBlock(adding, createBlockId())])}
        >
          Add block
          {heading ? <span className="sr-only"> to {heading}</span> : null}
        </Button>
      </div>
    </section>
  );
}
