// Renamed items' old addresses: an old slug leads to where the item lives now, when it is there
// to see, and the hit is counted. Asked by an item's page when nothing lives at its address, so a
// navigation's data request gets the redirect as React Router sends it.
import { readSlugRedirect } from "~/capabilities/old-addresses/old-addresses.server";
import type { Db } from "~/platform/db/tables.server";
import { countSlugHit } from "./redirect-hits.server";

/** The slug an old one now leads to, when `isLive` says an item is there to see. */
export async function findRenamedSlug(
  db: Db,
  kind: string,
  oldSlug: string,
  isLive: (slug: string) => boolean | Promise<boolean>,
): Promise<string | undefined> {
  const target = await readSlugRedirect(db, kind, oldSlug);
  if (!target) return undefined;
  countSlugHit(db, kind, oldSlug);
  return (await isLive(target)) ? target : undefined;
}
