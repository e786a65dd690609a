// Articles and case studies in History (issue 9's screen): each save is an entry naming the item
// and the fields it changed, a revision shows its changes field by field, and Restore saves its
// text as a new version through the publishing store (status and schedule stay).

import { toPlainText } from "~/content/text";
import type { FieldChange } from "~/features/admin/history/content-diff";
import type { HistoryEntry, HistoryKind } from "~/features/admin/history/history.server";
import { ContentConflictError } from "~/server/content-store.server";
import type { Db } from "~/server/db/tables.server";
import { kindTexts } from "./kind-texts";
import type { PublicationKind } from "./schema";
import {
  PublicationConflictError,
  PublicationInputError,
  PublicationNotFoundError,
  restorePublication,
} from "./store.server";

type RevisionRow = {
  id: number;
  item_id: string;
  version: number;
  action: string;
  data: string;
  author: string | null;
  created_at: string;
};

const actionNotes: Record<string, string> = {
  original: "As first published",
  delete: "Deleted",
};

function readable(value: unknown): string {
  if (typeof value === "string") return /<\/?[a-z][^>]*>/i.test(value) ? toPlainText(value) : value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.join("\n");
  return value === undefined || value === null ? "" : JSON.stringify(value);
}

/** Top-level fields that differ ("title", "body"...), each with readable text. */
function diffRecords(before: Record<string, unknown> | undefined, after: Record<string, unknown>) {
  const changes: FieldChange[] = [];
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
    if (JSON.stringify(before?.[key]) === JSON.stringify(after[key])) continue;
    const label = key === "id" ? "URL slug" : key.replace(/([A-Z])/g, " $1").toLowerCase();
    changes.push({
      path: key,
      label: label.charAt(0).toUpperCase() + label.slice(1),
      before: readable(before?.[key]),
      after: readable(after[key]),
    });
  }
  return changes;
}

async function readPrevious(db: Db, kind: PublicationKind, row: RevisionRow) {
  return db
    .selectFrom("publication_revisions")
    .select(["data"])
    .where("kind", "=", kind)
    .where("item_id", "=", row.item_id)
    .where("id", "<", row.id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

async function readLatestIds(db: Db, kind: PublicationKind, itemIds: string[]) {
  if (itemIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom("publication_revisions")
    .select((eb) => ["item_id", eb.fn.max("id").as("id")])
    .where("kind", "=", kind)
    .where("item_id", "in", itemIds)
    .groupBy("item_id")
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

function createHistoryKind(kind: PublicationKind): HistoryKind {
  const texts = kindTexts[kind];
  const toEntry = (
    row: RevisionRow,
    previous: string | undefined,
    latest: Set<number>,
  ): HistoryEntry => {
    const after = JSON.parse(row.data) as Record<string, unknown>;
    const before = previous ? (JSON.parse(previous) as Record<string, unknown>) : undefined;
    const fields = diffRecords(before, after).map((change) => change.label);
    const note = actionNotes[row.action] ?? (before ? undefined : "First version");
    return {
      kind,
      kindLabel: `${texts.singular}: ${String(after.title ?? row.item_id)}`,
      id: row.id,
      createdAt: row.created_at,
      author: row.author,
      changed: note ? [note] : fields.length > 0 ? fields : ["No changes"],
      isCurrent: latest.has(row.id) && row.action !== "delete",
    };
  };
  return {
    id: kind,
    label: texts.plural,
    async list(db, limit) {
      const rows = (await db
        .selectFrom("publication_revisions")
        .select(["id", "item_id", "version", "action", "data", "author", "created_at"])
        .where("kind", "=", kind)
        .orderBy("id", "desc")
        .limit(limit)
        .execute()) as RevisionRow[];
      const latest = await readLatestIds(db, kind, [...new Set(rows.map((row) => row.item_id))]);
      return Promise.all(
        rows.map(async (row) => toEntry(row, (await readPrevious(db, kind, row))?.data, latest)),
      );
    },
    async get(db, id) {
      const row = (await db
        .selectFrom("publication_revisions")
        .select(["id", "item_id", "version", "action", "data", "author", "created_at"])
        .where("kind", "=", kind)
        .where("id", "=", id)
        .executeTakeFirst()) as RevisionRow | undefined;
      if (!row) return undefined;
      const previous = (await readPrevious(db, kind, row))?.data;
      const latest = await readLatestIds(db, kind, [row.item_id]);
      const current = await db
        .selectFrom(kind === "article" ? "articles" : "case_studies")
        .select("version")
        .where("id", "=", row.item_id)
        .executeTakeFirst();
      const after = JSON.parse(row.data) as Record<string, unknown>;
      return {
        ...toEntry(row, previous, latest),
        subject: `${texts.singular}: ${String(after.title ?? row.item_id)}`,
        changes: diffRecords(previous ? JSON.parse(previous) : undefined, after),
        isFirst: previous === undefined,
        currentVersion: current?.version ?? 0,
      };
    },
    async restore(db, id, { expectedVersion, actor }) {
      const row = await db
        .selectFrom("publication_revisions")
        .select("item_id")
        .where("kind", "=", kind)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return undefined;
      try {
        const restored = await restorePublication(db, kind, row.item_id, id, {
          actor,
          // A deleted item has no version: nothing to compare with.
          expectedVersion: expectedVersion === 0 ? undefined : expectedVersion,
        });
        return { version: restored.version };
      } catch (error) {
        // History's screen answers content conflicts with its 409 notice.
        if (error instanceof PublicationConflictError) {
          throw new ContentConflictError(error.currentVersion);
        }
        if (error instanceof PublicationNotFoundError || error instanceof PublicationInputError) {
          return undefined;
        }
        throw error;
      }
    },
  };
}

export const publicationHistoryKinds: HistoryKind[] = [
  createHistoryKind("article"),
  createHistoryKind("case-study"),
];
