// History: the revisions of what the admin edits, newest first, across every kind of record (the
// site content, articles, case studies, the redirect rules), each kind read by its own feature and
// composed here, above them all.
import { contentHistory } from "~/features/content/history/content-history.server";
import { publicationHistoryKinds } from "~/features/publishing/history/publication-history.server";
import { redirectHistory } from "~/features/redirects/redirect-changes.server";
import type { Db } from "~/platform/db/tables.server";
import type { HistoryEntry, HistoryKind, HistoryListing, HistoryOptions } from "~/platform/history";

/** The kinds whose revisions History shows and restores. */
const historyKinds: HistoryKind[] = [contentHistory, ...publicationHistoryKinds];

/** Every kind the History filter offers: those above, and kinds opened on their own screens. */
const historyListings: HistoryListing[] = [...historyKinds, redirectHistory];

/** Every kind the History filter offers. */
export function listHistoryKinds(): HistoryListing[] {
  return historyListings;
}

export function getHistoryKind(id: string): HistoryKind | undefined {
  return historyKinds.find((kind) => kind.id === id);
}

/** The newest entries of one kind, or of every kind merged by time. */
export async function listHistory(
  db: Db,
  options: HistoryOptions & { kind?: string | undefined; limit?: number },
): Promise<HistoryEntry[]> {
  const limit = options.limit ?? 50;
  const kinds = options.kind
    ? historyListings.filter((kind) => kind.id === options.kind)
    : historyListings;
  const lists = await Promise.all(kinds.map((kind) => kind.list(db, limit, options)));
  return lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
