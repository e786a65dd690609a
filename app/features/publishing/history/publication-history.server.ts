// Articles and case studies in History: each save an entry with the item's version and what changed
// (status, schedule, address, fields); a revision's changes field by field; Restore saves its text
// as a new version (status and schedule stay).

import { sql } from "kysely";
import { ContentConflictError } from "~/features/content/content-store.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import type { PublicationKind } from "~/features/publishing/schema";
import {
  PublicationConflictError,
  PublicationInputError,
  PublicationNotFoundError,
  restorePublication,
} from "~/features/publishing/store/writes.server";
import type { Db } from "~/platform/db/tables.server";
import type { HistoryEntry, HistoryKind, HistoryOptions } from "~/platform/history";
import {
  describeStateChange,
  diffPublicationRecords,
  type RevisionState,
  readRevisionRecord,
} from "./publication-diff.server";
import { restoreKeepsNote } from "./restore-texts";

type RevisionRow = {
  id: number;
  item_id: string;
  version: number;
  action: string;
  status: string;
  publish_at: string | null;
  data: string;
  author: string | null;
  created_at: string;
};

type PreviousRow = Pick<RevisionRow, "action" | "status" | "publish_at" | "data" | "created_at">;

const revisionColumns = [
  "id",
  "item_id",
  "version",
  "action",
  "status",
  "publish_at",
  "data",
  "author",
  "created_at",
] as const;

/**
 * The revision before each of rows (same item), by revision id: one query for a whole History
 * page, the database pairing each revision with its predecessor.
 */
async function readPreviousRows(
  db: Db,
  kind: PublicationKind,
  rows: RevisionRow[],
): Promise<Map<number, PreviousRow>> {
  if (rows.length === 0) return new Map();
  const lag = <T>(column: string) =>
    sql<T>`lag(${sql.ref(column)}) over (partition by item_id order by id)`;
  const paired = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("publication_revisions")
        .select([
          "id",
          lag<string | null>("data").as("data"),
          lag<string | null>("action").as("action"),
          lag<string | null>("status").as("status"),
          lag<string | null>("publish_at").as("publish_at"),
          lag<string | null>("created_at").as("created_at"),
        ])
        .where("kind", "=", kind)
        .where("item_id", "in", [...new Set(rows.map((row) => row.item_id))])
        .as("paired"),
    )
    .selectAll()
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  const previous = new Map<number, PreviousRow>();
  for (const row of paired) {
    if (row.data === null) continue;
    previous.set(Number(row.id), {
      data: row.data,
      action: row.action ?? "save",
      status: row.status ?? "draft",
      publish_at: row.publish_at,
      created_at: row.created_at ?? "",
    });
  }
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

function toState(row: PreviousRow, record: Record<string, unknown>, itemId: string): RevisionState {
  return {
    action: row.action,
    slug: typeof record.id === "string" ? record.id : itemId,
    status: row.status,
    publishAt: row.publish_at,
    createdAt: row.created_at,
  };
}

function createHistoryKind(kind: PublicationKind): HistoryKind {
  const texts = kindTexts[kind];
  const readRevision = (
    row: RevisionRow,
    previous: PreviousRow | undefined,
    latest: Set<number>,
    { formatTime }: HistoryOptions,
  ) => {
    const after = readRevisionRecord(kind, row.data);
    const before = previous ? readRevisionRecord(kind, previous.data) : undefined;
    // A deleted item coming back starts again: its text is not compared with the deletion.
    const changes =
      previous?.action === "delete" || row.action === "delete"
        ? []
        : diffPublicationRecords(kind, before, after);
    const entry: HistoryEntry = {
      kind,
      kindLabel: `${texts.singular}: ${String(after.title ?? row.item_id)}`,
      id: row.id,
      version: row.version,
      createdAt: row.created_at,
      author: row.author,
      events: describeStateChange(
        kind,
        previous && before ? toState(previous, before, row.item_id) : undefined,
        toState(row, after, row.item_id),
        formatTime,
      ),
      changed: changes.map((change) => change.label),
      isCurrent: latest.has(row.id) && row.action !== "delete",
    };
    return { entry, changes, title: String(after.title ?? row.item_id) };
  };
  return {
    id: kind,
    label: texts.plural,
    async list(db, limit, options) {
      const rows = (await db
        .selectFrom("publication_revisions")
        .select(revisionColumns)
        .where("kind", "=", kind)
        .orderBy("id", "desc")
        .limit(limit)
        .execute()) as RevisionRow[];
      const [latest, previous] = await Promise.all([
        readLatestIds(db, kind, [...new Set(rows.map((row) => row.item_id))]),
        readPreviousRows(db, kind, rows),
      ]);
      return rows.map((row) => readRevision(row, previous.get(row.id), latest, options).entry);
    },
    async get(db, id, options) {
      const row = (await db
        .selectFrom("publication_revisions")
        .select(revisionColumns)
        .where("kind", "=", kind)
        .where("id", "=", id)
        .executeTakeFirst()) as RevisionRow | undefined;
      if (!row) return undefined;
      const [previousRows, latest, current] = await Promise.all([
        readPreviousRows(db, kind, [row]),
        readLatestIds(db, kind, [row.item_id]),
        db
          .selectFrom(kind === "article" ? "articles" : "case_studies")
          .select(["version", "data"])
          .where("id", "=", row.item_id)
          .executeTakeFirst(),
      ]);
      const previous = previousRows.get(row.id);
      const { entry, changes, title } = readRevision(row, previous, latest, options);
      const currentTitle = current ? readRevisionRecord(kind, current.data).title : undefined;
      return {
        ...entry,
        subject: entry.kindLabel,
        itemTitle: `the ${texts.singular.toLowerCase()} "${typeof currentTitle === "string" ? currentTitle : title}"`,
        changes,
        isFirst: previous === undefined,
        currentVersion: current?.version ?? 0,
        // The stored version is the item's own: its latest revision has the same number.
        currentNumber: current?.version ?? 0,
        restoreNote: current
          ? restoreKeepsNote
          : `The ${texts.singular.toLowerCase()} was deleted: restoring brings it back as a draft.`,
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
