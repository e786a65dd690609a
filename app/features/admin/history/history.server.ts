// History: the revisions of what the admin edits, newest first, what each one changed, and
// Restore, which saves an old revision's content as a new revision (nothing is rewritten).
// Kinds of record register here: the site content now; articles and case studies can add
// themselves to historyKinds with the same three functions.
import type { SiteContent } from "~/content/schema";
import { recordActivity } from "~/features/admin/activity/activity.server";
import type { Actor } from "~/features/admin/admins/admins.server";
import { publicationHistoryKinds } from "~/features/publishing/history.server";
import { normalizeContent, saveContent } from "~/server/content-store.server";
import type { Db } from "~/server/db/tables.server";
import { diffContent, type FieldChange, listChangedSections } from "./content-diff";

export type HistoryEntry = {
  kind: string;
  kindLabel: string;
  id: number;
  createdAt: string;
  author: string | null;
  /** Names of the parts that changed ("Home", "Services"), or a note for the first revision. */
  changed: string[];
  isCurrent: boolean;
};

export type HistoryRevision = HistoryEntry & {
  /** The title of what the revision belongs to ("Site content", an article's title). */
  subject: string;
  /** Empty for the first revision, which has nothing before it. */
  changes: FieldChange[];
  isFirst: boolean;
  /** The version a restore must be based on (If-Match). */
  currentVersion: number;
};

export type HistoryKind = {
  id: string;
  label: string;
  list: (db: Db, limit: number) => Promise<HistoryEntry[]>;
  get: (db: Db, id: number) => Promise<HistoryRevision | undefined>;
  /** Saves revision id's content as a new revision; a stale expectedVersion is a conflict. */
  restore: (
    db: Db,
    id: number,
    options: { expectedVersion: number | undefined; actor: Actor },
  ) => Promise<{ version: number } | undefined>;
};

async function readRevisionDocuments(db: Db, ids: { from: number; to: number }) {
  const rows = await db
    .selectFrom("content_revisions")
    .select(["id", "document", "created_at", "author"])
    .where("id", ">=", ids.from)
    .where("id", "<=", ids.to)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, content: normalizeContent(JSON.parse(row.document)) }));
}

async function getLatestRevisionId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("content_revisions")
    .select("id")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

async function getPreviousRevisionId(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("content_revisions")
    .select("id")
    .where("id", "<", id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

const contentKind = { id: "content", label: "Site content" };

function describeChanged(before: SiteContent | undefined, after: SiteContent): string[] {
  if (!before) return ["First version"];
  const sections = listChangedSections(before, after);
  return sections.length > 0 ? sections : ["No changes"];
}

export const contentHistory: HistoryKind = {
  ...contentKind,
  async list(db, limit) {
    const ids = await db
      .selectFrom("content_revisions")
      .select("id")
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const newest = ids[0]?.id;
    const oldest = ids.at(-1)?.id;
    if (newest === undefined || oldest === undefined) return [];
    const rows = await readRevisionDocuments(db, { from: oldest, to: newest });
    return rows.slice(0, limit).map((row, index) => ({
      kind: contentKind.id,
      kindLabel: contentKind.label,
      id: row.id,
      createdAt: row.created_at,
      author: row.author,
      changed: describeChanged(rows[index + 1]?.content, row.content),
      isCurrent: row.id === newest,
    }));
  },
  async get(db, id) {
    const previousId = await getPreviousRevisionId(db, id);
    const rows = await readRevisionDocuments(db, { from: previousId ?? id, to: id });
    const row = rows.find((entry) => entry.id === id);
    if (!row) return undefined;
    const previous = rows.find((entry) => entry.id === previousId)?.content;
    const currentVersion = await getLatestRevisionId(db);
    return {
      kind: contentKind.id,
      kindLabel: contentKind.label,
      subject: contentKind.label,
      id: row.id,
      createdAt: row.created_at,
      author: row.author,
      changed: describeChanged(previous, row.content),
      isCurrent: row.id === currentVersion,
      changes: previous ? diffContent(previous, row.content) : [],
      isFirst: !previous,
      currentVersion,
    };
  },
  async restore(db, id, { expectedVersion, actor }) {
    const row = await db
      .selectFrom("content_revisions")
      .select("document")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    const revision = await saveContent(db, normalizeContent(JSON.parse(row.document)), {
      expectedVersion,
      author: actor.email ?? "unknown",
      onSaved: (trx, saved) =>
        recordActivity(trx, {
          action: "content-restore",
          actor,
          target: `revision ${id} (saved as revision ${saved.version})`,
        }),
    });
    return { version: revision.version };
  },
};

/** Every kind History lists; publishing adds its own. */
export const historyKinds: HistoryKind[] = [contentHistory, ...publicationHistoryKinds];

export function getHistoryKind(id: string): HistoryKind | undefined {
  return historyKinds.find((kind) => kind.id === id);
}

/** The newest entries of one kind, or of every kind merged by time. */
export async function listHistory(
  db: Db,
  options: { kind?: string | undefined; limit?: number },
): Promise<HistoryEntry[]> {
  const limit = options.limit ?? 50;
  const kinds = options.kind
    ? historyKinds.filter((kind) => kind.id === options.kind)
    : historyKinds;
  const lists = await Promise.all(kinds.map((kind) => kind.list(db, limit)));
  return lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
