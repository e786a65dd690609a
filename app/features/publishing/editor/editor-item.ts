// What the editor holds of one item: its stored slug, the input its form edits, status and
// version. Built the same way from the page's loader and from a save's answer.
import {
  type PublicationInput,
  type PublicationKind,
  type PublicationRecord,
  type PublicationState,
  type PublicationStatus,
  toPublicationInput,
} from "../schema";

export type EditorItem<K extends PublicationKind> = {
  /** The stored slug, or undefined for a new item. */
  id: string | undefined;
  input: PublicationInput[K];
  status: PublicationStatus;
  version: number | undefined;
};

/** The editor's item for a stored one. */
export function toEditorItem<K extends PublicationKind>(
  kind: K,
  stored: PublicationState & { record: PublicationRecord[K] },
): EditorItem<K> {
  return {
    id: stored.record.id,
    input: toPublicationInput[kind](stored.record, stored),
    status: stored.status,
    version: stored.version,
  };
}

/** What an editor's move to its item's new address carries: the key it is mounted under. */
export type EditorMove = { editorKey: string };

/** The move a location's state carries, if it is one. */
export function readEditorMove(state: unknown): EditorMove | undefined {
  if (typeof state !== "object" || state === null || !("editorKey" in state)) return undefined;
  return typeof state.editorKey === "string" ? { editorKey: state.editorKey } : undefined;
}

/** What a copy's proposed address adds to its source's. */
const copySuffix = "-copy";

/**
 * A new item's editor started from a stored one: the same title and text as a draft, at a
 * proposed address the owner changes before saving (the source keeps its own).
 */
export function toCopyEditorItem<K extends PublicationKind>(
  kind: K,
  source: { record: PublicationRecord[K] },
): EditorItem<K> {
  const input = toPublicationInput[kind](source.record, { status: "draft", publishAt: null });
  const slug = `${source.record.id.slice(0, 120 - copySuffix.length)}${copySuffix}`;
  return { id: undefined, input: { ...input, slug }, status: "draft", version: undefined };
}
