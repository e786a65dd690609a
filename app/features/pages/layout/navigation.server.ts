// Reads what the public menus need: the site's pages that the stored navigation can name. When
// every link names a fixed page or a service the content and the routes answer with no database
// read; any other link (a built page, an article, a case study) reads the visible records it names,
// by id, and a page whose link still misses expires when the next scheduled item comes due.
import type { RouterContextProvider } from "react-router";
import { listPageRefs } from "~/features/content/navigation";
import type { SiteContent } from "~/features/content/schema";
import { expireAtNextPublication } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import { listNamedPages } from "../public-pages.server";
import { listSitePages } from "../site-pages";
import type { ResolvedNavigation } from "./menu-model";
import { findMissingRefs, indexSitePages, resolveNavigation } from "./navigation";

export async function loadNavigation(
  context: Readonly<RouterContextProvider>,
  content: SiteContent,
): Promise<ResolvedNavigation> {
  const { db, logger, routes } = getAppContext(context);
  const refs = listPageRefs(content.navigation);
  const fixedPages = indexSitePages(
    listSitePages({ routes: routes.pages, content, caseStudies: [], articles: [] }),
  );
  // Asked by what the links name, never by their kind: a built page shares the kind "page".
  const missing = findMissingRefs(refs, fixedPages);
  if (missing.length === 0) return resolveNavigation(content.navigation, fixedPages);
  const pages = indexSitePages(await listNamedPages(db, content, logger, routes.pages, [...refs]));
  if (findMissingRefs(refs, pages).length > 0) await expireAtNextPublication(context);
  return resolveNavigation(content.navigation, pages);
}
