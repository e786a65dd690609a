// /sitemap: an HTML list of every public page, for visitors (search engines read /sitemap.xml).
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { listPublicPages } from "~/features/pages/public-pages.server";
import { groupSitePages } from "~/features/pages/site-pages";
import { expireAtNextPublication } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { PageHeader } from "~/ui/sections/page-header";
import { Container } from "~/ui/sections/section-heading";
import type { Route } from "./+types/sitemap-page";

export const handle = {
  page: { title: "Sitemap", group: "Legal", order: 320, changesWith: "everything" },
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  await expireAtNextPublication(context);
  const { db, logger, routes } = getAppContext(context);
  const { content } = await getRequestContent(context);
  const pages = await listPublicPages(db, content, logger, routes.pages);
  return {
    companyName: content.general.companyName,
    heading: content.legal.sitemapHeading,
    description: content.legal.sitemapDescription,
    seo: content.seo.sitemap,
    groups: groupSitePages(pages).map((group) => ({
      title: group.title,
      pages: group.pages.map((page) => ({ path: page.path, title: page.title })),
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Sitemap",
    description: `Every page of the ${args.loaderData?.companyName ?? ""} website in one list: services, case studies, articles and more.`,
    seo: args.loaderData?.seo,
  });
}

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.heading} description={loaderData.description} />
      <Container className="py-14 sm:py-20">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.groups.map((group) => (
            <section
              key={group.title}
              aria-labelledby={`sitemap-${group.title.toLowerCase().replace(/\W+/g, "-")}`}
              className="rounded-2xl border border-border bg-white p-6 shadow-sm"
            >
              <h2
                id={`sitemap-${group.title.toLowerCase().replace(/\W+/g, "-")}`}
                className="text-lg font-semibold text-navy"
              >
                {group.title}
              </h2>
              <ul className="mt-4 space-y-1">
                {group.pages.map((page) => (
                  <li key={page.path}>
                    <Link
                      to={page.path}
                      className="group flex items-start gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-muted hover:text-primary"
                    >
                      <ChevronRight
                        className="mt-0.5 size-4 shrink-0 text-slate-400 group-hover:text-primary"
                        aria-hidden="true"
                      />
                      {page.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}
