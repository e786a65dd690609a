// What changed between two versions of the site content, field by field, with the admin's field
// names and rich text shown as readable text. History's list and its revision view use it, and the
// publishing history reuses its equality and its readable values.

import { describeContentPath, getSectionLabel } from "~/features/content/editor/content-fields";
import type { SiteContent } from "~/features/content/schema";
import type { FieldChange } from "~/platform/history";
import { toPlainText } from "~/platform/plain-text";

function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Says whether two different texts mean the same: the server passes the sanitizer's view of rich
 * text, asked only for texts that differ (sanitizing every text of every version is too slow).
 */
export type TextEquivalence = (a: string, b: string) => boolean;

/**
 * Deep equality of stored values: key order does not count (an older row may list its keys in
 * another order), and a missing value equals an empty one, as the editor shows both alike.
 */
export function isSameValue(a: unknown, b: unknown, sameText?: TextEquivalence): boolean {
  if (a === b) return true;
  const isEmpty = (value: unknown) => value === undefined || value === null || value === "";
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === "string" && typeof b === "string") return sameText?.(a, b) ?? false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isSameValue(item, b[index], sameText));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => isSameValue(a[key], b[key], sameText));
  }
  return false;
}

/** Rich text as lines a person reads: one per paragraph or heading, list items with a bullet. */
function toReadableLines(html: string): string {
  return html
    .replace(/<li\b[^>]*>/gi, "\n• ")
    .split(/<\/(?:p|h[1-6]|li|blockquote|pre|figcaption|tr)>|<br\s*\/?>|\n/i)
    .map((part) => (part.startsWith("• ") ? `• ${toPlainText(part.slice(2))}` : toPlainText(part)))
    .filter((line) => line !== "" && line !== "•")
    .join("\n");
}

/**
 * A value as a person reads it, never as JSON: HTML as its text, a list one item per line, a
 * group of fields as its values separated by commas.
 */
export function toReadable(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return looksLikeHtml(value) ? toReadableLines(value) : value;
  if (Array.isArray(value)) {
    return value
      .map((item) => toReadable(item))
      .filter(Boolean)
      .join("\n");
  }
  if (isRecord(value)) {
    return Object.values(value)
      .map((item) => toReadable(item))
      .filter(Boolean)
      .join(", ");
  }
  return String(value);
}

type Collector = { out: FieldChange[]; sameText: TextEquivalence | undefined };

function collect(before: unknown, after: unknown, path: string, into: Collector): void {
  if (isSameValue(before, after, into.sameText)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      collect(before[key], after[key], path ? `${path}.${key}` : key, into);
    }
    return;
  }
  const objectList = (value: unknown) => Array.isArray(value) && value.some(isRecord);
  if ((objectList(before) || objectList(after)) && Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) {
      collect(before[index] ?? {}, after[index] ?? {}, `${path}.${index}`, into);
    }
    return;
  }
  // Markup-only changes (a word made bold) read the same: still listed, so nothing is hidden.
  into.out.push({
    path,
    label: describeContentPath(path),
    before: toReadable(before),
    after: toReadable(after),
  });
}

/** Every field that differs, in the document's order. */
export function diffContent(
  before: SiteContent | undefined,
  after: SiteContent,
  sameText?: TextEquivalence,
): FieldChange[] {
  const into: Collector = { out: [], sameText };
  collect(before ?? {}, after, "", into);
  return into.out;
}

/** The tab names of the sections that differ ("Home", "Services"). */
export function listChangedSections(
  before: SiteContent | undefined,
  after: SiteContent,
  sameText?: TextEquivalence,
): string[] {
  return (Object.keys(after) as Array<keyof SiteContent>)
    .filter((section) => !isSameValue(before?.[section], after[section], sameText))
    .map(getSectionLabel);
}
