// Renamed items' old addresses: an old slug leads to where the item lives now, when nothing lives
// at the old address and the item is there to see, and the hit is counted. Answered with the other
// redirects, a page's request with a 301 and a navigation's data request (`.data`) the way React
// Router's browser code takes a redirect from a proxy. The kinds come from the pages above.
import type { Response } from "express";
import type { Logger } from "pino";
import { readSlugRedirect } from "~/capabilities/old-addresses/old-addresses.server";
import type { Db } from "~/platform/db/tables.server";
import { passQuery } from "~/platform/http/pass-query";
import { type PageAddress, sendDataRedirect } from "./page-address.server";
import { countSlugHit } from "./redirect-hits.server";

/** One kind of item whose slug can change: where its pages are, and whether one is there to see. */
export type RenamedKind = {
  kind: string;
  /** The slug a page's path asks for, when the path is one of this kind's pages. */
  readSlug(path: string): string | undefined;
  /** The public path of the item at a slug. */
  pathOf(slug: string): string;
  isLive(slug: string): Promise<boolean>;
};

export type OldAddress = { kind: RenamedKind; slug: string; address: PageAddress };

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

/**
 * The old address a GET asks for, from the held old slugs alone: no database read, so every
 * other request passes at no cost.
 */
export function findOldAddress(
  address: PageAddress,
  kinds: readonly RenamedKind[],
  isOldSlug: (kind: string, slug: string) => boolean,
): OldAddress | undefined {
  for (const kind of kinds) {
    const slug = kind.readSlug(address.path);
    if (slug !== undefined && isOldSlug(kind.kind, slug)) return { kind, slug, address };
  }
  return undefined;
}

/** Answers an old address with its redirect: true once answered, false when the page answers. */
export async function answerOldAddress(
  db: Db,
  logger: Logger,
  { kind, slug, address }: OldAddress,
  res: Response,
): Promise<boolean> {
  let target: string | undefined;
  try {
    // An item living at the address again keeps it.
    if (await kind.isLive(slug)) return false;
    target = await findRenamedSlug(db, kind.kind, slug, kind.isLive);
    if (!target) return false;
  } catch (error) {
    logger.error({ err: error }, "Failed to look up an old address");
    return false;
  }
  // The visitor's query goes along (a campaign's utm_source must reach the page).
  const location = passQuery(kind.pathOf(target), address.query);
  if (address.data) sendDataRedirect(res, location, { status: 301 });
  else res.redirect(301, location);
  return true;
}
