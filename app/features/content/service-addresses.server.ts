// A service lives at /services/{slug of its name}: a renamed service keeps its old address, in the
// table of old addresses articles and case studies use; the redirects feature answers it with a 301.
import type { Transaction } from "kysely";
import {
  dropRedirects,
  moveSlugRedirects,
  readSlugMoves,
} from "~/capabilities/old-addresses/old-addresses.server";
import type { Db, Tables } from "~/platform/db/tables.server";
import { toSlug } from "~/platform/slug";
import type { Service } from "./schema";

export const serviceRedirectKind = "service";

/** Each renamed service's old slug and the slug it has now. */
export function readServiceRenames(db: Db): Promise<Map<string, string>> {
  return readSlugMoves(db, serviceRedirectKind);
}

type Named = Pick<Service, "title">;
export type ServiceRename = { from: string; to: string };

/**
 * The renames between two service lists: a new slug takes the place of a slug that went away. The
 * service it was is the one whose other fields match (a rename changes only the name), else the one
 * at the same position.
 */
export function findServiceRenames<T extends Named>(
  before: readonly T[],
  after: readonly T[],
): ServiceRename[] {
  const beforeSlugs = before.map((service) => toSlug(service.title));
  const afterSlugs = after.map((service) => toSlug(service.title));
  const bodyOf = ({ title: _title, ...rest }: T) => JSON.stringify(rest);
  const removed = new Map(
    before
      .map((service, index) => ({ slug: beforeSlugs[index] ?? "", body: bodyOf(service), index }))
      .filter(({ slug }) => !afterSlugs.includes(slug))
      .map((entry) => [entry.slug, entry]),
  );
  const renames: ServiceRename[] = [];
  after.forEach((service, index) => {
    const to = afterSlugs[index] ?? "";
    if (beforeSlugs.includes(to) || removed.size === 0) return;
    const candidates = [...removed.values()];
    const match =
      candidates.find((entry) => entry.body === bodyOf(service)) ??
      candidates.find((entry) => entry.index === index);
    if (!match) return;
    removed.delete(match.slug);
    renames.push({ from: match.slug, to });
  });
  return renames;
}

/**
 * Keeps the old addresses of a save's services: a renamed one's lead to its new name, a service
 * now named as an old address takes it back, a removed one's lead nowhere.
 */
export async function keepServiceAddresses(
  trx: Transaction<Tables>,
  before: readonly Named[],
  after: readonly Named[],
  now: Date,
): Promise<void> {
  const beforeSlugs = before.map((service) => toSlug(service.title));
  const afterSlugs = after.map((service) => toSlug(service.title));
  if (beforeSlugs.join("\n") === afterSlugs.join("\n")) return;
  const renames = findServiceRenames(before, after);
  for (const { from, to } of renames) {
    await moveSlugRedirects(trx, serviceRedirectKind, from, to, now);
  }
  for (const slug of afterSlugs) await dropRedirects(trx, serviceRedirectKind, { from: slug });
  const renamed = new Set(renames.map((rename) => rename.from));
  for (const slug of beforeSlugs) {
    if (!afterSlugs.includes(slug) && !renamed.has(slug)) {
      await dropRedirects(trx, serviceRedirectKind, { to: slug });
    }
  }
}
