// The blocks of a page in its editor: each block's form drawn from its field table by the field
// kit, blocks added from the list of types, moved up or down and removed.
import { ArrowDown, ArrowUp } from "lucide-react";
import { createContext, useId, useState } from "react";
import { FieldControl, type RefOptions } from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import type { LibraryChoice } from "~/capabilities/media/cover-image-field";
import { RemoveItemButton } from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import {
  type Block,
  type BlockType,
  blockSpecs,
  createBlock,
  createBlockId,
  findBlockSpec,
} from "./page-blocks";

/** What the blocks' choosers offer, for a form that draws blocks among its other fields. */
export const BlockChoicesContext = createContext<{
  library: LibraryChoice[];
  refOptions: RefOptions;
}>({ library: [], refOptions: { services: [], "case-studies": [], articles: [] } });

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
          const values = block as unknown as FieldValues;
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
                <FieldControl
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
