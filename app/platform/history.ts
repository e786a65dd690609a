// Revision history: the shape every kind of record's history takes (the site content, articles,
// case studies), so the History screen lists, shows and restores them all alike.
import type { Actor } from "./activity/activity.server";
import type { AdminRole } from "./admin-roles";
import type { Db } from "./db/tables.server";

export type FieldChange = {
  path: string;
  /** "Services › Service 2 › Service Name" */
  label: string;
  before: string;
  after: string;
};

/** How History words a time ("Scheduled for ..."): the admin's one time formatter, passed in. */
export type HistoryOptions = { formatTime: (iso: string) => string };

export type HistoryEntry = {
  kind: string;
  kindLabel: string;
  /** The revision's id: its address in History, unique across every kind. */
  id: number;
  /** The item's own version number (1, 2, 3 for each article, case study and the site content). */
  version: number;
  createdAt: string;
  author: string | null;
  /** What happened, in words ("Published", "Scheduled for ...", "Created as a draft"). */
  events: string[];
  /** Names of the parts that changed ("Home", "Title"): never one that stayed the same. */
  changed: string[];
  isCurrent: boolean;
  /** Where the entry opens when its kind has its own screen; History's revision page otherwise. */
  href?: string;
};

export type HistoryRevision = HistoryEntry & {
  /** The title of what the revision belongs to ("Site content", "Article: <title>"). */
  subject: string;
  /** What a restore replaces, as a person names it: "the site content", the item's title. */
  itemTitle: string;
  /** Empty for the first revision, which has nothing before it. */
  changes: FieldChange[];
  isFirst: boolean;
  /** The version a restore must be based on (If-Match); 0 when the item was deleted. */
  currentVersion: number;
  /** The version number History shows for the current version; 0 when the item was deleted. */
  currentNumber: number;
  /** What a restore leaves as it is, or how it brings a deleted item back. */
  restoreNote: string;
  /**
   * Set when the restore needs an address of its own (the item was deleted and its address is
   * taken since): the form asks for one, under prefix, starting from suggestion.
   */
  newAddress?: { prefix: string; suggestion: string };
};

/** What a restore may need beyond the version: an address, and the addresses already taken. */
export type RestoreOptions = {
  expectedVersion: number | undefined;
  actor: Actor;
  /** Who restores: an editor's restore keeps what only an owner may change as it is now. */
  role: AdminRole;
  /** The address (slug) the owner chose for an item whose own is taken. */
  address?: string | undefined;
  /** The first segments the site's routes answer (RouteFacts.firstSegments); none: no check. */
  takenSegments?: ReadonlySet<string>;
};

/** A restore that needs another address than the one asked: why, and one that is free. */
export class RestoreAddressError extends Error {
  override name = "RestoreAddressError";
  readonly suggestion: string;
  /** What comes before the address on the site ("/", "/blog/"). */
  readonly prefix: string;
  constructor(message: string, suggestion: string, prefix: string) {
    super(message);
    this.suggestion = suggestion;
    this.prefix = prefix;
  }
}

export type HistoryKind = {
  id: string;
  label: string;
  list: (db: Db, limit: number, options: HistoryOptions) => Promise<HistoryEntry[]>;
  get: (db: Db, id: number, options: HistoryOptions) => Promise<HistoryRevision | undefined>;
  /** Saves revision id's content as a new revision; a stale expectedVersion is a conflict. */
  restore: (
    db: Db,
    id: number,
    options: RestoreOptions,
    /** address: where a deleted item came back ("/careers"), when it did. */
  ) => Promise<{ version: number; address?: string } | undefined>;
};

/** A kind History only lists: its entries open (and restore) on its own screen. */
export type HistoryListing = Pick<HistoryKind, "id" | "label" | "list">;
