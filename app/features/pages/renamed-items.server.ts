// Where the old address of a renamed article, case study or service leads: the redirects
// feature's lookup, with each kind's own test that an item is there to see.
import { serviceRedirectKind } from "~/features/content/service-addresses.server";
import { findServiceBySlug } from "~/features/content/services";
import type { PublicationKind } from "~/features/publishing/schema";
import { getVisible } from "~/features/publishing/store/reads.server";
import { findRenamedSlug } from "~/features/redirects/renamed-slugs.server";
import type { Db } from "~/platform/db/tables.server";

/** Where an old slug now lives, when the item there is visible: the 301's target. */
export function findRedirect(
  db: Db,
  kind: PublicationKind,
  oldId: string,
  now = new Date(),
): Promise<string | undefined> {
  return findRenamedSlug(
    db,
    kind,
    oldId,
    async (id) => (await getVisible(db, kind, id, now)) !== undefined,
  );
}

/** The slug an old service address now points at, when a service lives there. */
export function findMovedService(
  db: Db,
  services: readonly { title: string }[],
  slug: string,
): Promise<string | undefined> {
  return findRenamedSlug(
    db,
    serviceRedirectKind,
    slug,
    (target) => findServiceBySlug(services, target) !== undefined,
  );
}
