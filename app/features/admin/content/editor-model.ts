// The content editor's rules, apart from its screens (spec sections 2, 3, 4 and 5): which sections
// it edits and how the spec's field names map onto the content, the services list operations, the
// one-per-line lists, link addresses typed at the prompt, and where a validation error belongs.
import type { z } from "zod";
import { contentSchema, type Service, type SiteContent } from "~/content/schema";
import { toPlainText } from "~/content/text";
import { type FieldErrors, toFieldErrors } from "~/lib/field-errors";

/** The sections the spec's editor sends: general, hero, about, services, contact. */
export const editorSectionsSchema = contentSchema.pick({
  general: true,
  hero: true,
  about: true,
  services: true,
  contact: true,
});
export type EditorSections = z.infer<typeof editorSectionsSchema>;
export type EditorSectionName = keyof EditorSections;

export const editorTabs = [
  { value: "general", label: "General", section: "general" },
  { value: "home", label: "Home", section: "hero" },
  { value: "about", label: "About", section: "about" },
  { value: "services", label: "Services", section: "services" },
  { value: "contact", label: "Contact", section: "contact" },
] as const satisfies ReadonlyArray<{ value: string; label: string; section: EditorSectionName }>;
export type EditorTab = (typeof editorTabs)[number]["value"];

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * The editor's copy of the content. As the spec says, About Title falls back to the about
 * heading and About Content to the about description when they are empty.
 */
export function toEditorSections(content: SiteContent | EditorSections): EditorSections {
  const { general, hero, about, services, contact } = content;
  return {
    general,
    hero,
    about: {
      ...about,
      title: about.title || about.heading,
      content:
        about.content || (about.description ? `<p>${escapeHtml(about.description)}</p>` : ""),
    },
    services,
    contact,
  };
}

/** Hero Title is a text field over hero.heading1 (rich text on the home page): its plain text. */
export function getHeroTitleText(heading1: string): string {
  return toPlainText(heading1);
}

/** The hero.heading1 a Hero Title text is stored as: one paragraph, escaped. */
export function toHeroTitleHtml(text: string): string {
  return text.trim() ? `<p>${escapeHtml(text.trim())}</p>` : "";
}

/** A new service (spec section 3): empty title and description, icon "computer", no benefits. */
export function createEmptyService(): Service {
  return {
    title: "",
    icon: "computer",
    description: "",
    benefits: [],
    longDescription: "",
    approach: [],
    capabilities: [],
    useCases: [],
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

/** Benefits and similar lists: one per line, each trimmed, blank lines dropped. */
export function parseLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function formatLines(lines: readonly string[]): string {
  return lines.join("\n");
}

/**
 * A link address typed at the prompt. A bare domain gets the default protocol http and a bare
 * email address becomes a mailto link; anything else is left for the editor's scheme check.
 */
export function normalizeLinkInput(input: string): string {
  const url = input.trim();
  if (url === "" || /^[a-z][a-z0-9+.-]*:/i.test(url) || /^[/?#.]/.test(url)) return url;
  if (/^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/.test(url)) return `mailto:${url}`;
  if (/^[^\s/]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(url)) return `http://${url}`;
  return url;
}

/** The API's errors name fields from the request body ("content.general.companyName"). */
export function fromApiFieldErrors(errors: Record<string, string>): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/^content\./, ""), message]),
  );
}

/** The tab that shows a field. */
export function getTabOfField(path: string): EditorTab {
  const section = path.split(".")[0];
  return editorTabs.find((tab) => tab.section === section)?.value ?? "general";
}

/** A readable place for an error message, such as "Services, Service 2". */
export function describeFieldPlace(path: string): string {
  const tab = editorTabs.find((entry) => entry.value === getTabOfField(path))?.label ?? "";
  const service = /^services\.items\.(\d+)\./.exec(path);
  return service ? `${tab}, Service ${Number(service[1]) + 1}` : tab;
}

/** Validates the editor's sections with the content schema: the data to send, or field errors. */
export function validateEditorSections(
  sections: EditorSections,
): { ok: true; data: EditorSections } | { ok: false; errors: FieldErrors } {
  const result = editorSectionsSchema.safeParse(sections);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: toFieldErrors(result.error.issues) };
}

export function isSameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
