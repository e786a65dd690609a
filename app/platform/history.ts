// Revision history: the shape every kind of record's history takes (the site content, articles,
// case studies), so the History screen lists, shows and restores them all alike.
import type { Actor } from "./activity/activity.server";
import type { Db } from "./db/tables.server";

export type FieldChange = {
  path: string;
  /** "Services › Service 2 › Service Name" */
  label: string;
  before: string;
  after: string;
};

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
