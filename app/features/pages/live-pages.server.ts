// The addresses that are live pages of the site, for the redirect rules that would hide one: the
// route table's fixed addresses and the public pages the sitemap lists (records and built pages,
// read from the database). Nothing is rendered, so asking for thousands of addresses costs one read.
import type { RouterContextProvider } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { getAppContext } from "~/platform/context.server";
import { listPublicPages } from "./public-pages.server";

export async function listLivePaths(context: Readonly<RouterContextProvider>): Promise<string[]> {
  const { db, logger, routes } = getAppContext(context);
  const { content } = await getRequestContent(context);
  const pages = await listPublicPages(db, content, logger, routes.pages);
  return [...routes.fixedPaths, ...pages.map((page) => page.path)];
}
