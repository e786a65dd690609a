// History: the revisions of what the admin edits, newest first, across every kind of record (the
// site content, articles, case studies), each kind read by its own feature.
import { contentHistory } from "~/features/content/history/content-history.server";
import type { Db } from "~/platform/db/tables.server";
import type { HistoryEntry, HistoryKind, HistoryListing, HistoryOptions } from "~/platform/history";
import { publicationHistoryKinds } from "./publication-history.server";

/** Every kind History lists; publishing adds its own. */
export const historyKinds: HistoryKind[] = [contentHistory, ...publicationHistoryKinds];

/** Kinds of features above this one (redirects), listed here and opened on their own screens. */
const listings: HistoryListing[] = [];

/** Adds a kind History lists (once per id: boot may run more than once in a process). */
export function addHistoryListing(listing: HistoryListing): void {
  if (!listings.some((entry) => entry.id === listing.id)) listings.push(listing);
}

/** Every kind the History filter offers. */
export function listHistoryKinds(): HistoryListing[] {
  return [...historyKinds, ...listings];
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
  const all = listHistoryKinds();
  const kinds = options.kind ? all.filter((kind) => kind.id === options.kind) : all;
  const lists = await Promise.all(kinds.map((kind) => kind.list(db, limit, options)));
  return lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
