// Articles and case studies in History (issue 9's screen): each save is an entry naming the item
// and the fields it changed, a revision shows its changes field by field, and Restore saves its
// text as a new version through the publishing store (status and schedule stay).

import { sql } from "kysely";
import { ContentConflictError } from "~/features/content/content-store.server";
import { toReadable } from "~/features/content/history/content-diff";
import { kindTexts } from "~/features/publishing/kind-texts";
import type { PublicationKind } from "~/features/publishing/schema";
import {
  PublicationConflictError,
  PublicationInputError,
  PublicationNotFoundError,
  restorePublication,
} from "~/features/publishing/store/writes.server";
import type { Db } from "~/platform/db/tables.server";
import type { FieldChange, HistoryEntry, HistoryKind } from "~/platform/history";

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

/** Top-level fields that differ ("title", "body"...), each with readable text. */
function diffRecords(before: Record<string, unknown> | undefined, after: Record<string, unknown>) {
  const changes: FieldChange[] = [];
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
    if (JSON.stringify(before?.[key]) === JSON.stringify(after[key])) continue;
    const label = key === "id" ? "URL slug" : key.replace(/([A-Z])/g, " $1").toLowerCase();
    changes.push({
      path: key,
      label: label.charAt(0).toUpperCase() + label.slice(1),
      before: toReadable(before?.[key]),
      after: toReadable(after[key]),
    });
  }
  return changes;
}

/**
 * The data of the revision before each of rows (same item), by revision id: one query for a whole
 * History page, the database pairing each revision with its predecessor.
 */
async function readPreviousData(
  db: Db,
  kind: PublicationKind,
  rows: RevisionRow[],
): Promise<Map<number, string>> {
  if (rows.length === 0) return new Map();
  const paired = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("publication_revisions")
        .select([
          "id",
          sql<string | null>`lag(data) over (partition by item_id order by id)`.as("previous"),
        ])
        .where("kind", "=", kind)
        .where("item_id", "in", [...new Set(rows.map((row) => row.item_id))])
        .as("paired"),
    )
    .select(["id", "previous"])
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  const previous = new Map<number, string>();
  for (const row of paired) if (row.previous !== null) previous.set(Number(row.id), row.previous);
  return previous;
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
  const readRevision = (row: RevisionRow, previous: string | undefined, latest: Set<number>) => {
    const after = JSON.parse(row.data) as Record<string, unknown>;
    const before = previous ? (JSON.parse(previous) as Record<string, unknown>) : undefined;
    const changes = diffRecords(before, after);
    const note = actionNotes[row.action] ?? (before ? undefined : "First version");
    const fields = changes.map((change) => change.label);
    const entry: HistoryEntry = {
      kind,
      kindLabel: `${texts.singular}: ${String(after.title ?? row.item_id)}`,
      id: row.id,
      createdAt: row.created_at,
      author: row.author,
      changed: note ? [note] : fields.length > 0 ? fields : ["No changes"],
      isCurrent: latest.has(row.id) && row.action !== "delete",
    };
    return { entry, changes };
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
      const [latest, previous] = await Promise.all([
        readLatestIds(db, kind, [...new Set(rows.map((row) => row.item_id))]),
        readPreviousData(db, kind, rows),
      ]);
      return rows.map((row) => readRevision(row, previous.get(row.id), latest).entry);
    },
    async get(db, id) {
      const row = (await db
        .selectFrom("publication_revisions")
        .select(["id", "item_id", "version", "action", "data", "author", "created_at"])
        .where("kind", "=", kind)
        .where("id", "=", id)
        .executeTakeFirst()) as RevisionRow | undefined;
      if (!row) return undefined;
      const [previousData, latest, current] = await Promise.all([
        readPreviousData(db, kind, [row]),
        readLatestIds(db, kind, [row.item_id]),
        db
          .selectFrom(kind === "article" ? "articles" : "case_studies")
          .select("version")
          .where("id", "=", row.item_id)
          .executeTakeFirst(),
      ]);
      const previous = previousData.get(row.id);
      const { entry, changes } = readRevision(row, previous, latest);
      return {
        ...entry,
        subject: entry.kindLabel,
        changes,
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
