// A list field's edits as new lists (the form's values are never changed in place): move an item
// one place up or down, remove one, replace one.

/** Swaps an item with its neighbour; the first cannot move up nor the last down. */
export function moveItem<T>(items: readonly T[], index: number, direction: "up" | "down"): T[] {
  const target = direction === "up" ? index - 1 : index + 1;
  const moved = [...items];
  const item = moved[index];
  const neighbour = moved[target];
  if (item === undefined || neighbour === undefined) return moved;
  moved[index] = neighbour;
  moved[target] = item;
  return moved;
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, position) => position !== index);
}

export function replaceItem<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, position) => (position === index ? item : current));
}
