// A list of rich items drawn as cards (the editor's services): add one, move a card up or down
// (focus follows and the move is announced), delete one. Each card's fields come from its table.

import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { type ComponentType, type ReactNode, useRef, useState } from "react";
import { RemoveItemButton, toFieldId } from "~/capabilities/workspace/fields";
import { Button } from "~/ui/button";
import type { FieldValues } from "./field-values";
import { moveItem, removeItem, replaceItem } from "./list-items";

/** An icon drawn beside a card's heading. */
export type IconComponent = ComponentType<{ className?: string; "aria-hidden"?: "true" }>;

/**
 * A list of rich records drawn as cards that move up and down (the services), each card's fields
 * from its table (Sub: the kit's fields), the extra ones folded under `fold`.
 */
export interface CardList<Sub extends { key: string }> {
  kind: "cards";
  label: string;
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
  fields: readonly Sub[];
}

/** What a card's fields are drawn from, by the kit's FieldTable (passed in: it draws cards too). */
type CardFieldsProps<Sub> = {
  fields: readonly Sub[];
  path: string;
  values: FieldValues;
  onChange: (item: FieldValues) => void;
  more: { title: string; description: string };
};
type DrawFields<Sub> = (props: CardFieldsProps<Sub>) => ReactNode;

/** The first card cannot move up nor the last down. */
const moves = [
  { direction: "up", Icon: ArrowUp, blocked: (index: number) => index === 0 },
  {
    direction: "down",
    Icon: ArrowDown,
    blocked: (index: number, count: number) => index === count - 1,
  },
] as const;

let nextCardKey = 1;
function createCardKey(): string {
  return `card-${nextCardKey++}`;
}

/** Ids that stay with each card as it moves; new ones when the list is replaced from outside. */
function useCardKeys(count: number) {
  const [keys, setKeys] = useState(() => Array.from({ length: count }, createCardKey));
  if (keys.length !== count) {
    const fresh = Array.from({ length: count }, createCardKey);
    setKeys(fresh);
    return [fresh, setKeys] as const;
  }
  return [keys, setKeys] as const;
}

function focusLater(id: string, fallbackId?: string) {
  window.requestAnimationFrame(() => {
    const target = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
    if (target && !("disabled" in target && target.disabled)) target.focus();
    else if (fallbackId) document.getElementById(fallbackId)?.focus();
  });
}

function ItemCard<Sub extends { key: string }>({
  spec,
  cardKey,
  path,
  index,
  count,
  item,
  onChange,
  onMove,
  onDelete,
  drawFields,
}: {
  spec: CardList<Sub>;
  cardKey: string;
  path: string;
  index: number;
  count: number;
  item: FieldValues;
  onChange: (item: FieldValues) => void;
  onMove: (direction: "up" | "down") => void;
  onDelete: () => void;
  drawFields: DrawFields<Sub>;
}) {
  const name = `${spec.itemName} ${index + 1}`;
  const headingId = `${cardKey}-heading`;
  const Icon = spec.icon?.(item);
  const fields = spec.fields;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-border bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-3">
          {Icon ? (
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
          ) : null}
          <div className="min-w-0">
            <h3 id={headingId} className="text-base font-semibold text-navy">
              {name}
            </h3>
            <p className="truncate text-xs text-muted-foreground">{spec.describe(item)}</p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {moves.map(({ direction, Icon: MoveIcon, blocked }) => (
            <Button
              key={direction}
              id={`${cardKey}-${direction}`}
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move ${name} ${direction}`}
              title={`Move ${direction}`}
              disabled={blocked(index, count)}
              onClick={() => onMove(direction)}
            >
              <MoveIcon aria-hidden="true" />
            </Button>
          ))}
          <RemoveItemButton label={`Delete ${name}`} onClick={onDelete} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-5 p-4 sm:p-5">
        {drawFields({ fields, path, values: item, onChange, more: spec.fold })}
      </div>
    </section>
  );
}

export function CardListControl<Sub extends { key: string }>({
  spec,
  path,
  items,
  onItemsChange,
  hint,
  drawFields,
}: {
  spec: CardList<Sub>;
  /** The list's hint, read for the record as it stands. */
  hint: string | undefined;
  path: string;
  items: FieldValues[];
  onItemsChange: (items: FieldValues[]) => void;
  drawFields: DrawFields<Sub>;
}) {
  const [keys, setKeys] = useCardKeys(items.length);
  const [announcement, setAnnouncement] = useState("");
  const addButton = useRef<HTMLButtonElement>(null);
  const noun = spec.itemName;

  const add = () => {
    setKeys([...keys, createCardKey()]);
    onItemsChange([...items, spec.create() as FieldValues]);
    setAnnouncement(`${noun} ${items.length + 1} added`);
    const first = spec.fields[0]?.key;
    if (first) focusLater(toFieldId(`${path}.${items.length}.${first}`));
  };

  const move = (index: number, direction: "up" | "down") => {
    const key = keys[index];
    const target = direction === "up" ? index - 1 : index + 1;
    setKeys(moveItem(keys, index, direction));
    onItemsChange(moveItem(items, index, direction));
    setAnnouncement(`${noun} ${index + 1} moved ${direction} to position ${target + 1}`);
    if (key) focusLater(`${key}-${direction}`, `${key}-${direction === "up" ? "down" : "up"}`);
  };

  const remove = (index: number) => {
    setKeys(removeItem(keys, index));
    onItemsChange(removeItem(items, index));
    setAnnouncement(`${noun} ${index + 1} deleted`);
    window.requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-base font-semibold text-navy">{spec.label}</p>
          {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
        </div>
        <Button ref={addButton} type="button" onClick={add} disabled={items.length >= spec.max}>
          <Plus aria-hidden="true" />
          {spec.addLabel}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-slate-50 px-6 py-10 text-center text-sm text-muted-foreground">
          {spec.emptyText}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-5">
          {items.map((item, index) => {
            const key = keys[index] ?? `card-${index}`;
            return (
              <ItemCard
                key={key}
                spec={spec}
                cardKey={key}
                path={`${path}.${index}`}
                index={index}
                count={items.length}
                item={item}
                onChange={(next) => onItemsChange(replaceItem(items, index, next))}
                onMove={(direction) => move(index, direction)}
                onDelete={() => remove(index)}
                drawFields={drawFields}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
