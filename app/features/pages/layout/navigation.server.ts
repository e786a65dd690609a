// Reads what the public menus need: the site's pages that the stored navigation can name. Links to
// fixed pages and services need no database read; one to an article or a case study reads the
// visible ones, and a page whose link waits for a scheduled item expires when it comes due.
import type { RouterContextProvider } from "react-router";
import { listPageRefs } from "~/features/content/navigation";
import type { SiteContent } from "~/features/content/schema";
import { expireAtNextPublication } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import { listPublicPages } from "../public-pages.server";
import { listSitePages } from "../site-pages";
import type { ResolvedNavigation } from "./menu-model";
import { contentPageKinds, findMissingRefs, indexSitePages, resolveNavigation } from "./navigation";

export async function loadNavigation(
  context: Readonly<RouterContextProvider>,
  content: SiteContent,
): Promise<ResolvedNavigation> {
  const { db, logger, routes } = getAppContext(context);
  const refs = listPageRefs(content.navigation);
  const readsRecords = refs.some((ref) => !contentPageKinds.includes(ref.kind));
  const pages = indexSitePages(
    readsRecords
      ? await listPublicPages(db, content, logger, routes.pages)
      : listSitePages({ routes: routes.pages, content, caseStudies: [], articles: [] }),
  );
  if (readsRecords && findMissingRefs(refs, pages).length > 0) {
    await expireAtNextPublication(context);
  }
  return resolveNavigation(content.navigation, pages);
}
