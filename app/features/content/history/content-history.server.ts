// The site content's history: each saved revision, what it changed field by field, and Restore,
// which saves an old revision's content as a new revision (nothing is rewritten). The content is
// one item: its revision ids are its version numbers, the ones saves and If-Match use.
import { recordActivity } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import type { HistoryKind } from "~/platform/history";
import { isSameRichText } from "../../../capabilities/rich-text/sanitize.server";
import { normalizeContent, saveContent } from "../content-store.server";
import type { SiteContent } from "../schema";
import { diffContent, listChangedSections } from "./content-diff";

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

function describeChanges(before: SiteContent | undefined, after: SiteContent) {
  return before
    ? { events: [], changed: listChangedSections(before, after, isSameRichText) }
    : { events: ["First version"], changed: [] };
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
      version: row.id,
      createdAt: row.created_at,
      author: row.author,
      ...describeChanges(rows[index + 1]?.content, row.content),
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
      itemTitle: "the site content",
      id: row.id,
      version: row.id,
      createdAt: row.created_at,
      author: row.author,
      ...describeChanges(previous, row.content),
      isCurrent: row.id === currentVersion,
      changes: previous ? diffContent(previous, row.content, isSameRichText) : [],
      isFirst: !previous,
      currentVersion,
      currentNumber: currentVersion,
      restoreNote: "Every page of the website shows the restored content at once.",
    };
  },
  async restore(db, id, { expectedVersion, actor, role }) {
    const row = await db
      .selectFrom("content_revisions")
      .select("document")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    const revision = await saveContent(db, normalizeContent(JSON.parse(row.document)), {
      expectedVersion,
      author: actor.email ?? "unknown",
      role,
      // An editor's restore brings back the text they work on; the verification codes stay the
      // owner's current ones rather than refusing every revision from before the codes changed.
      ownerOnly: "keep",
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
