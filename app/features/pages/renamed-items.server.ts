// The kinds of items whose old slugs lead on after a rename (articles, case studies, built pages,
// services): where each kind's pages are and when an item is there to see. The redirects feature
// answers their old addresses; the host hands it these.
import type { Logger } from "pino";
import { serviceRedirectKind } from "~/features/content/service-addresses.server";
import { findServiceBySlug } from "~/features/content/services";
import { getSiteContent } from "~/features/content/site-content.server";
import { isPageAddress } from "~/features/pages/blocks/built-page.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import type { PublicationKind } from "~/features/publishing/schema";
import { getVisible } from "~/features/publishing/store/reads.server";
import { findRenamedSlug, type RenamedKind } from "~/features/redirects/renamed-slugs.server";
import type { Db } from "~/platform/db/tables.server";

/** The one segment after a prefix (`/blog/` → the article's slug), decoded as a route's param. */
function readSegment(path: string, prefix: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const segment = path.slice(prefix.length);
  if (!segment || segment.includes("/")) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function describePublications(db: Db, kind: PublicationKind, prefix: string): RenamedKind {
  return {
    kind,
    readSlug: (path) => readSegment(path, prefix),
    pathOf: kindTexts[kind].publicPath,
    isLive: async (slug) => (await getVisible(db, kind, slug)) !== undefined,
  };
}

/** Where an old slug of a publication now leads, when the item there is visible. */
export function findRedirect(
  db: Db,
  kind: PublicationKind,
  oldId: string,
): Promise<string | undefined> {
  return findRenamedSlug(db, kind, oldId, describePublications(db, kind, "").isLive);
}

export function describeRenamedKinds(db: Db, logger: Logger): RenamedKind[] {
  return [
    describePublications(db, "article", "/blog/"),
    describePublications(db, "case-study", "/case-studies/"),
    {
      kind: serviceRedirectKind,
      readSlug: (path) => readSegment(path, "/services/"),
      pathOf: (slug) => `/services/${slug}`,
      isLive: async (slug) => {
        const { content } = await getSiteContent(db, logger);
        return findServiceBySlug(content.services.items, slug) !== undefined;
      },
    },
    // Last: a page's address is any path of one or two slug segments.
    {
      ...describePublications(db, "page", "/"),
      readSlug: (path) => {
        const slug = path.slice(1);
        return isPageAddress(slug) ? slug : undefined;
      },
    },
  ];
}
