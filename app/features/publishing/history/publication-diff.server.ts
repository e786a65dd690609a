// What one version of an article or case study changed, as a person reads it: status, schedule and
// address in words, and each field that really differs with its label and text, compared as the
// sanitizer stores them.

import type { Field } from "~/capabilities/fields/field-kinds";
import { isSameRichText } from "~/capabilities/rich-text/sanitize.server";
import { isSameValue, toReadable } from "~/features/content/history/content-diff";
import { kindTexts } from "~/features/publishing/kind-texts";
import { coverCardField } from "~/features/publishing/publication-fields";
import { getEffectiveStatus, kindFields, type PublicationKind } from "~/features/publishing/schema";
import { parseRecord } from "~/features/publishing/store/rows.server";
import type { FieldChange } from "~/platform/history";

/** The publishing state a revision was saved with. */
export type RevisionState = {
  action: string;
  /** The slug the item had then (its data's id). */
  slug: string;
  /** As stored: "draft" or "published" (scheduled is published with a time ahead). */
  status: string;
  publishAt: string | null;
  createdAt: string;
};

type StoredRecord = Record<string, unknown>;

/** A revision's record as History compares it: read by the schema, so old rows get defaults. */
export function readRevisionRecord(kind: PublicationKind, data: string): StoredRecord {
  try {
    return parseRecord(kind, data) as StoredRecord;
  } catch {
    // A row an older schema accepted: still shown, as stored.
    return JSON.parse(data) as StoredRecord;
  }
}

/**
 * The sentences that say what a version did to the item's status, schedule and address. Both
 * states are read at the time of the change: a scheduled time that has passed since is published.
 */
export function describeStateChange(
  kind: PublicationKind,
  before: RevisionState | undefined,
  after: RevisionState,
  formatTime: (iso: string) => string,
): string[] {
  if (after.action === "delete") return ["Deleted"];
  if (after.action === "original") return ["As it was before the first edit"];
  const at = new Date(after.createdAt);
  const now = getEffectiveStatus(after.status, after.publishAt, at);
  const time = (iso: string | null) => (iso ? formatTime(iso) : "");
  if (!before || before.action === "delete") {
    // A deleted item's revisions stay: one created again with its slug continues them.
    const verb = before ? "Brought back" : "Created";
    if (now === "draft") return [`${verb} as a draft`];
    if (now === "scheduled") return [`${verb} and scheduled for ${time(after.publishAt)}`];
    return [`${verb} and published`];
  }

  const events: string[] = [];
  if (after.action === "restore") events.push("Restored the text of an earlier version");
  if (before.slug !== after.slug) {
    const path = kindTexts[kind].publicPath;
    events.push(`Address changed from ${path(before.slug)} to ${path(after.slug)}`);
  }
  if (before.status === after.status && before.publishAt === after.publishAt) return events;
  const then = getEffectiveStatus(before.status, before.publishAt, at);
  if (now === "draft") {
    if (then === "published") events.push("Unpublished (back to draft)");
    if (then === "scheduled") events.push("Unscheduled (back to draft)");
  } else if (now === "scheduled") {
    if (then === "scheduled") {
      events.push(`Schedule changed from ${time(before.publishAt)} to ${time(after.publishAt)}`);
    } else if (then === "published") {
      events.push(`Unpublished and scheduled for ${time(after.publishAt)}`);
    } else {
      events.push(`Scheduled for ${time(after.publishAt)}`);
    }
  } else if (then !== "published") {
    events.push("Published");
  } else if (before.publishAt && after.publishAt) {
    // A row stored before publication times existed has none: its first save sets one, unseen.
    events.push(
      `Publication date changed from ${time(before.publishAt)} to ${time(after.publishAt)}`,
    );
  }
  return events;
}

/** Fields the record derives from others (slug, publication date, initials): said in words or not at all. */
const derivedKeys = new Set(["id", "date", "publishedAt"]);

const commonLabels: Record<string, string> = {
  title: "Title",
  imageUrl: "Cover image",
  imageAlt: "Image description (alt text)",
  seoDescription: "Search description",
  author: "Author",
};

function findSpec(kind: PublicationKind, key: string): Field | undefined {
  return (kindFields[kind] as readonly Field[]).find((spec) => spec.key === key);
}

function labelOf(kind: PublicationKind, key: string): string {
  if (key === "body") return kindTexts[kind].bodyLabel;
  return commonLabels[key] ?? findSpec(kind, key)?.label ?? key;
}

/** One field's value as text: a row of sub-fields on one line ("40% lower costs"), an author by name. */
function readField(spec: Field | undefined, key: string, value: unknown): string {
  if (key === "author" && value && typeof value === "object") {
    return toReadable((value as { name?: unknown }).name);
  }
  if (spec?.kind === "inlineRows" && Array.isArray(value)) {
    return value
      .map((row) =>
        spec.fields
          .map((field) => toReadable((row as StoredRecord)?.[field.key]))
          .filter(Boolean)
          .join(" "),
      )
      .join("\n");
  }
  return toReadable(value);
}

/** Every field whose value differs, in the record's order, with its editor label. */
export function diffPublicationRecords(
  kind: PublicationKind,
  before: StoredRecord | undefined,
  after: StoredRecord,
): FieldChange[] {
  if (!before) return [];
  const changes: FieldChange[] = [];
  for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
    if (key === coverCardField.key) {
      // A yes/no choice: an item saved before it existed had it off.
      const [was, is] = [before[key] === true, after[key] === true];
      if (was !== is) {
        const readChoice = (on: boolean) => (on ? "Yes" : "No");
        changes.push({
          path: key,
          label: coverCardField.label,
          before: readChoice(was),
          after: readChoice(is),
        });
      }
      continue;
    }
    if (derivedKeys.has(key) || isSameValue(before[key], after[key], isSameRichText)) continue;
    const spec = findSpec(kind, key);
    if (spec?.kind === "object") {
      // The testimonial: one change per sub-field that differs, initials derived from the name.
      const was = (before[key] ?? {}) as StoredRecord;
      const is = (after[key] ?? {}) as StoredRecord;
      for (const field of spec.fields) {
        if (isSameValue(was[field.key], is[field.key], isSameRichText)) continue;
        changes.push({
          path: `${key}.${field.key}`,
          label: `${spec.label} › ${field.label}`,
          before: toReadable(was[field.key]),
          after: toReadable(is[field.key]),
        });
      }
      continue;
    }
    if (
      key === "author" &&
      isSameValue(readField(spec, key, before[key]), readField(spec, key, after[key]))
    ) {
      continue;
    }
    changes.push({
      path: key,
      label: labelOf(kind, key),
      before: readField(spec, key, before[key]),
      after: readField(spec, key, after[key]),
    });
  }
  return changes;
}
