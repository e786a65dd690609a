// The counts beside admin menu entries (new messages beside Leads). An extension point by design:
// the workspace asks its users which count an entry shows; each feature registers its reader at
// boot (server/boot.server.ts), and the workspace layout reads them once per request.
import type { Db } from "~/platform/db/tables.server";
import type { AdminNavItem } from "~/platform/route-handle";

/** A count and how a screen reader says it ("3 new messages"). */
export type NavBadge = { count: number; label: string };
export type NavBadgeReader = (db: Db) => Promise<NavBadge>;

const readers = new Map<string, NavBadgeReader>();

export function setNavBadgeReader(name: string, reader: NavBadgeReader): void {
  readers.set(name, reader);
}

/**
 * The menu's counts above zero, by name. A count that cannot be read (the database is away) is
 * left out: the menu still works without it.
 */
export async function readNavBadges(
  db: Db,
  nav: readonly AdminNavItem[],
): Promise<Record<string, NavBadge>> {
  const names = [...new Set(nav.flatMap((item) => (item.badge ? [item.badge] : [])))];
  const entries = await Promise.all(
    names.map(async (name) => {
      const read = readers.get(name);
      const badge = read ? await read(db).catch(() => undefined) : undefined;
      return badge && badge.count > 0 ? [[name, badge] as const] : [];
    }),
  );
  return Object.fromEntries(entries.flat());
}
