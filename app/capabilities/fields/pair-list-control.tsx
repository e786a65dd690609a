// A list of small items of two or three text fields (features, values, approach steps, use cases,
// business hours, case-study summaries): each item in its own group with its fields, add and remove.
import { Plus } from "lucide-react";
import { RemoveItemButton, TextField } from "~/capabilities/workspace/fields";
import type { FieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { removeItem, replaceItem } from "./list-items";

type PairField<Key extends string> = { key: Key; label: string; multiline?: boolean };

export function PairListControl<Key extends string>({
  path,
  legend,
  itemName,
  fields,
  items,
  onItemsChange,
  max,
  errors,
  hint,
}: {
  path: string;
  legend: string;
  /** The name of one item, e.g. "Feature": groups read "Feature 1", buttons "Add Feature". */
  itemName: string;
  fields: ReadonlyArray<PairField<Key>>;
  items: Array<Record<Key, string>>;
  onItemsChange: (items: Array<Record<Key, string>>) => void;
  max: number;
  errors: FieldErrors;
  hint?: string;
}) {
  const addItem = () => {
    const empty = Object.fromEntries(fields.map((field) => [field.key, ""])) as Record<Key, string>;
    onItemsChange([...items, empty]);
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-foreground">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
          None yet.
        </p>
      ) : null}
      {items.map((item, index) => {
        const itemPath = `${path}.${index}`;
        const name = `${itemName} ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place.
          <div key={index} className="relative rounded-md border border-border p-4">
            <RemoveItemButton
              label={`Remove ${name}`}
              text="Remove"
              className="absolute right-2 top-2"
              onClick={() => onItemsChange(removeItem(items, index))}
            />
            <fieldset className="grid gap-3">
              <legend className="mb-3 pt-1.5 text-sm font-medium text-slate-700">{name}</legend>
              {fields.map((field) => {
                const fieldPath = `${itemPath}.${field.key}`;
                return (
                  <TextField
                    key={field.key}
                    multiline={field.multiline}
                    path={fieldPath}
                    label={field.label}
                    error={errors[fieldPath]}
                    value={item[field.key]}
                    onValueChange={(value: string) =>
                      onItemsChange(replaceItem(items, index, { ...item, [field.key]: value }))
                    }
                  />
                );
              })}
            </fieldset>
          </div>
        );
      })}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={addItem}
          disabled={items.length >= max}
        >
          <Plus aria-hidden="true" />
          Add {itemName}
        </Button>
      </div>
    </fieldset>
  );
}
