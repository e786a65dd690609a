// The content forms' rules, apart from their screens: how the editor's
// fields map onto the content (About fallbacks, Hero Title as text), list operations and the
// API's error keys.
import type { SiteContent } from "~/features/content/schema";
import type { FieldErrors } from "~/platform/field-errors";
import { escapeHtml } from "~/platform/plain-text";

/**
 * The editor's copy of the content. About Title falls back to the about
 * heading and About Content to the about description when they are empty.
 */
export function toEditorSections<Sections extends Pick<SiteContent, "about">>(
  content: Sections,
): Sections {
  const { about } = content;
  return {
    ...content,
    about: {
      ...about,
      title: about.title || about.heading,
      content:
        about.content || (about.description ? `<p>${escapeHtml(about.description)}</p>` : ""),
    },
  };
}

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

/**
 * A draft offered back over the loaded sections: the draft's values win, and a section or field
 * the draft does not have (it was kept before the field existed) keeps the loaded value.
 */
export function mergeDraftSections<Sections extends object>(
  loaded: Sections,
  draft: Partial<Sections>,
): Sections {
  const merged: Record<string, unknown> = { ...(loaded as Record<string, unknown>) };
  for (const [section, value] of Object.entries(draft)) {
    const current = merged[section];
    merged[section] =
      value && typeof value === "object" && current && typeof current === "object"
        ? { ...current, ...value }
        : value;
  }
  return merged as Sections;
}

/** The API's errors name fields from the request body ("content.general.companyName"). */
export function fromApiFieldErrors(errors: Record<string, string>): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/^content\./, ""), message]),
  );
}

export function isSameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
