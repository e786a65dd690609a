// How a text field edits a value stored in another form: a list as one item per line, a heading
// stored as one HTML paragraph as its plain text.
import { escapeHtml, toPlainText } from "~/platform/plain-text";

/** Hero Title is a text field over hero.heading1 (rich text on the home page): its plain text. */
export function getHeroTitleText(heading1: string): string {
  return toPlainText(heading1);
}

/** The hero.heading1 a Hero Title text is stored as: one paragraph, escaped. */
export function toHeroTitleHtml(text: string): string {
  return text.trim() ? `<p>${escapeHtml(text.trim())}</p>` : "";
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
