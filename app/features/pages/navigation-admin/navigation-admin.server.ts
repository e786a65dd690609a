// What the Navigation screen shows beside the stored menus: the current title and address of each
// page a link names, and which links name a page that is gone, unpublished or not yet published.
import type { Logger } from "pino";
import { listPageRefs, toPageRefKey } from "~/features/content/navigation";
import type { SiteContent } from "~/features/content/schema";
import type { Db } from "~/platform/db/tables.server";
import type { PageRoute } from "~/platform/route-handle";
import { findMissingRefs, indexSitePages } from "../layout/navigation";
import { listPublicPages } from "../public-pages.server";

export type PageTitles = Record<string, { title: string; path: string }>;

export async function describeNavigationTargets(
  db: Db,
  content: SiteContent,
  logger: Logger,
  routes: readonly PageRoute[],
): Promise<{ titles: PageTitles; missing: string[] }> {
  const pages = indexSitePages(await listPublicPages(db, content, logger, routes));
  const refs = listPageRefs(content.navigation);
  const titles: PageTitles = {};
  for (const ref of refs) {
    const page = pages.get(toPageRefKey(ref));
    if (page) titles[toPageRefKey(ref)] = { title: page.title, path: page.path };
  }
  return { titles, missing: findMissingRefs(refs, pages) };
}
