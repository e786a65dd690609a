// Articles, case studies and pages in History: each save an entry with the item's version and what
// changed (status, schedule, address, fields); a revision's changes field by field; Restore saves
// its text as a new version (status and schedule stay). A deleted item comes back as a draft at its
// address, or at one the owner chooses when another item has taken it since.

import { sql } from "kysely";
import { ContentConflictError } from "~/features/content/content-store.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import { findAddressConflict } from "~/features/publishing/page-address";
import { idSchema, type PublicationKind, pageSlugSchema } from "~/features/publishing/schema";
import { getForAdmin } from "~/features/publishing/store/reads.server";
import { tableOf } from "~/features/publishing/store/rows.server";
import {
  PublicationConflictError,
  PublicationInputError,
  PublicationNotFoundError,
  restorePublication,
} from "~/features/publishing/store/writes.server";
import type { Db } from "~/platform/db/tables.server";
import {
  type HistoryEntry,
  type HistoryKind,
  type HistoryOptions,
  RestoreAddressError,
} from "~/platform/history";
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

/**
 * Whether the address's current item is another one than this revision's: the item was deleted
 * after this revision and created again there by a save, not brought back by a restore.
 */
async function wasReplacedSince(db: Db, kind: PublicationKind, itemId: string, revisionId: number) {
  const later = await db
    .selectFrom("publication_revisions")
    .select("action")
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    // From the revision itself: a deletion's own revision is followed by the next item's first.
    .where("id", ">=", revisionId)
    .orderBy("id")
    .execute();
  return later.some(
    (row, index) => index > 0 && later[index - 1]?.action === "delete" && row.action !== "restore",
  );
}

/** Why an item cannot come back at this address, or undefined when it can. */
async function findRestoreAddressProblem(
  db: Db,
  kind: PublicationKind,
  slug: string,
  takenSegments: ReadonlySet<string>,
): Promise<string | undefined> {
  const parsed = (kind === "page" ? pageSlugSchema : idSchema)
    .min(1, "Enter an address")
    .safeParse(slug);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (kind === "page") {
    const conflict = findAddressConflict(slug, takenSegments);
    if (conflict) return conflict;
  }
  if (await getForAdmin(db, kind, slug)) {
    const texts = kindTexts[kind];
    return `${texts.publicPath(slug)} is another ${texts.singular.toLowerCase()}'s address now: choose another`;
  }
  return undefined;
}

/** A free address near the item's own: careers-2, careers-3... */
async function suggestAddress(
  db: Db,
  kind: PublicationKind,
  slug: string,
  takenSegments: ReadonlySet<string>,
): Promise<string> {
  const base = slug.replace(/-\d+$/, "").slice(0, 100) || "restored";
  for (let n = 2; n < 50; n++) {
    const candidate = `${base}-${n}`;
    if (!(await findRestoreAddressProblem(db, kind, candidate, takenSegments))) return candidate;
  }
  return `${base}-restored`;
}

/** The address the owner typed, without the kind's prefix they may have typed too. */
function readChosenAddress(kind: PublicationKind, address: string): string {
  const prefix = kindTexts[kind].publicPrefix;
  const trimmed = address.trim();
  return (trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed).replace(/^\/+/, "");
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
      const [previousRows, latest, stored, replacedSince] = await Promise.all([
        readPreviousRows(db, kind, [row]),
        readLatestIds(db, kind, [row.item_id]),
        db
          .selectFrom(tableOf(kind))
          .select(["version", "data"])
          .where("id", "=", row.item_id)
          .executeTakeFirst(),
        wasReplacedSince(db, kind, row.item_id, row.id),
      ]);
      // An item created at the address after this one was deleted is another item: never replaced.
      const current = replacedSince ? undefined : stored;
      const previous = previousRows.get(row.id);
      const { entry, changes, title } = readRevision(row, previous, latest, options);
      const currentTitle = current ? readRevisionRecord(kind, current.data).title : undefined;
      const singular = texts.singular.toLowerCase();
      const address = texts.publicPath(row.item_id);
      const revision = {
        ...entry,
        subject: entry.kindLabel,
        itemTitle: `the ${singular} "${typeof currentTitle === "string" ? currentTitle : title}"`,
        changes,
        isFirst: previous === undefined,
        currentVersion: current?.version ?? 0,
        // The stored version is the item's own: its latest revision has the same number.
        currentNumber: current?.version ?? 0,
        restoreNote: current
          ? restoreKeepsNote
          : `The ${singular} was deleted: restoring brings it back as a draft at ${address}.`,
      };
      if (!stored || current) return revision;
      return {
        ...revision,
        restoreNote: `The ${singular} was deleted, and ${address} is another ${singular}'s address now: restoring brings it back as a draft at an address you choose.`,
        newAddress: {
          prefix: texts.publicPrefix,
          suggestion: await suggestAddress(db, kind, row.item_id, new Set()),
        },
      };
    },
    async restore(db, id, { expectedVersion, actor, address, takenSegments = new Set() }) {
      const row = await db
        .selectFrom("publication_revisions")
        .select("item_id")
        .where("kind", "=", kind)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return undefined;
      const [stored, replacedSince] = await Promise.all([
        getForAdmin(db, kind, row.item_id),
        wasReplacedSince(db, kind, row.item_id, id),
      ]);
      const chosen = address === undefined ? undefined : readChosenAddress(kind, address);
      // A deleted item comes back at a free address: its own, or the one the owner chose.
      const target = chosen ?? (!stored ? row.item_id : replacedSince ? "" : undefined);
      if (target !== undefined) {
        const problem = target
          ? await findRestoreAddressProblem(db, kind, target, takenSegments)
          : `${texts.publicPath(row.item_id)} is another ${texts.singular.toLowerCase()}'s address now: choose an address for the restored one`;
        if (problem) {
          throw new RestoreAddressError(
            problem,
            await suggestAddress(db, kind, target || row.item_id, takenSegments),
            texts.publicPrefix,
          );
        }
      }
      try {
        const restored = await restorePublication(db, kind, row.item_id, id, {
          actor,
          // A deleted item has no version: nothing to compare with.
          expectedVersion: expectedVersion === 0 ? undefined : expectedVersion,
          address: target,
        });
        return target === undefined
          ? { version: restored.version }
          : { version: restored.version, address: texts.publicPath(restored.record.id) };
      } catch (error) {
        // History's screen answers content conflicts with its 409 notice.
        if (error instanceof PublicationConflictError) {
          throw new ContentConflictError(error.currentVersion);
        }
        // Taken between the check and the write: asked again, as when it was taken before.
        if (error instanceof PublicationInputError && error.errors.slug && target) {
          throw new RestoreAddressError(
            error.errors.slug,
            await suggestAddress(db, kind, target, takenSegments),
            texts.publicPrefix,
          );
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
  createHistoryKind("page"),
];
