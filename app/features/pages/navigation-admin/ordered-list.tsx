// A list the owner puts in order with buttons (Move up, Move down, Remove), usable from the
// keyboard: after a move, focus follows the item to its new place.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";

function toButtonId(path: string, index: number, action: string): string {
  return `${path.replace(/[^\w-]/g, "-")}-${index}-${action}`;
}

function focusLater(id: string, fallbackId: string) {
  requestAnimationFrame(() => {
    const button = document.getElementById(id) as HTMLButtonElement | null;
    const target = button && !button.disabled ? button : document.getElementById(fallbackId);
    target?.focus();
  });
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function OrderedList<T>({
  path,
  items,
  onChange,
  itemName,
  nameItem,
  renderItem,
  create,
  max,
  addLabel,
  emptyText,
  nested = false,
}: {
  path: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** One item's name for the buttons' labels ("Move Blog up"). */
  itemName: string;
  nameItem: (item: T, index: number) => string;
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  create?: () => T;
  max: number;
  addLabel?: string;
  emptyText: string;
  nested?: boolean;
}) {
  const update = (index: number) => (item: T) =>
    onChange(items.map((current, position) => (position === index ? item : current)));
  const moveTo = (from: number, to: number, action: "up" | "down") => {
    onChange(move(items, from, to));
    focusLater(toButtonId(path, to, action), toButtonId(path, to, action === "up" ? "down" : "up"));
  };
  return (
    <div className="grid min-w-0 gap-3">
      {items.length === 0 && emptyText ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : null}
      {items.length > 0 ? (
        <ol className="grid min-w-0 gap-3">
          {items.map((item, index) => {
            const name = nameItem(item, index) || `${itemName} ${index + 1}`;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; focus is moved by id.
                key={index}
                className={cn(
                  "grid min-w-0 gap-4 rounded-lg border border-border p-3 sm:p-4",
                  nested ? "bg-slate-50" : "bg-white",
                )}
              >
                <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 break-words text-sm font-semibold text-navy">
                    <span className="text-muted-foreground">{index + 1}.</span> {name}
                  </p>
                  <div className="flex gap-1">
                    <Button
                      id={toButtonId(path, index, "up")}
                      type="button"
                      size="icon"
                      variant="outline"
                      className="size-9"
                      disabled={index === 0}
                      aria-label={`Move ${name} up`}
                      onClick={() => moveTo(index, index - 1, "up")}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      id={toButtonId(path, index, "down")}
                      type="button"
                      size="icon"
                      variant="outline"
                      className="size-9"
                      disabled={index === items.length - 1}
                      aria-label={`Move ${name} down`}
                      onClick={() => moveTo(index, index + 1, "down")}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="outline"
                      className="size-9 text-destructive hover:text-destructive"
                      aria-label={`Remove ${name}`}
                      onClick={() => onChange(items.filter((_, position) => position !== index))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                {renderItem(item, index, update(index))}
              </li>
            );
          })}
        </ol>
      ) : null}
      {create && addLabel && items.length < max ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size={nested ? "sm" : "default"}
            onClick={() => onChange([...items, create()])}
          >
            <Plus aria-hidden="true" />
            {addLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
