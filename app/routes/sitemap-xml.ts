// /sitemap.xml: every public page with its absolute address (DESIGN.md section 6).
import { listSitePages } from "~/content/site-pages";
import { getRequestContent } from "~/platform/request-data.server";
import { getAppContext } from "~/server/context.server";
import { renderSitemapXml } from "~/server/crawlers.server";
import { getArticles, getCaseStudies } from "~/server/publications.server";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, config } = getAppContext(context);
  const [{ content }, caseStudies, articles] = await Promise.all([
    getRequestContent(context),
    getCaseStudies(db, logger),
    getArticles(db, logger),
  ]);
  const pages = listSitePages({ services: content.services.items, caseStudies, articles });
  return new Response(renderSitemapXml(config.SITE_URL, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
