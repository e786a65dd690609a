// The content forms' rules, apart from their screens: how the editor's
// fields map onto the content (About fallbacks, Hero Title as text) and the API's error keys.
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
