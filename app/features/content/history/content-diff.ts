// What changed between two versions of the site content, field by field, with the admin's field
// names and rich text shown as readable text. History's list and its revision view use it.

import { describeContentPath, getSectionLabel } from "~/features/content/editor/content-fields";
import type { SiteContent } from "~/features/content/schema";
import { toPlainText } from "~/features/content/text";
import type { FieldChange } from "~/platform/history";

function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(text);
}

/** A value as a person reads it: HTML as text, a list of lines, anything else as JSON. */
export function toReadable(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return looksLikeHtml(value) ? toPlainText(value) : value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.join("\n");
  }
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function collect(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      collect(before[key], after[key], path ? `${path}.${key}` : key, out);
    }
    return;
  }
  const objectList = (value: unknown) => Array.isArray(value) && value.some(isRecord);
  if ((objectList(before) || objectList(after)) && Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) {
      collect(before[index] ?? {}, after[index] ?? {}, `${path}.${index}`, out);
    }
    return;
  }
  const readableBefore = toReadable(before);
  const readableAfter = toReadable(after);
  // Markup-only changes (a paragraph tag) read the same: still listed, so nothing is hidden.
  out.push({
    path,
    label: describeContentPath(path),
    before: readableBefore,
    after: readableAfter,
  });
}

/** Every field that differs, in the document's order. */
export function diffContent(before: SiteContent | undefined, after: SiteContent): FieldChange[] {
  const changes: FieldChange[] = [];
  collect(before ?? {}, after, "", changes);
  return changes;
}

/** The tab names of the sections that differ ("Home", "Services"). */
export function listChangedSections(before: SiteContent | undefined, after: SiteContent): string[] {
  return (Object.keys(after) as Array<keyof SiteContent>)
    .filter((section) => JSON.stringify(before?.[section]) !== JSON.stringify(after[section]))
    .map(getSectionLabel);
}
