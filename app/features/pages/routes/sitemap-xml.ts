// /sitemap.xml: every public page with its absolute address and last change.

import { getRequestContent } from "~/features/content/request-content.server";
import { renderSitemapXml } from "~/features/pages/crawlers.server";
import { listPublicPages } from "~/features/pages/public-pages.server";
import { getAppContext } from "~/platform/context.server";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, config, routes } = getAppContext(context);
  const { content } = await getRequestContent(context);
  const pages = await listPublicPages(db, content, logger, routes.pages);
  return new Response(renderSitemapXml(config.SITE_URL, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
