// /content: the content manager (admin only), for the sections the content editor leaves out.
// Composed here, above publishing, because its Case Studies preview names the studies' industries.
import { Link } from "react-router";
import { BlockChoicesContext } from "~/capabilities/blocks/blocks-field";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { UnloadedScreen } from "~/capabilities/workspace/shell/notice";
import { ContentForm } from "~/features/content/editor/content-form";
import { managerForm } from "~/features/content/editor/form-model";
import { describeFixedPages } from "~/features/content/page-seo";
import { getRequestContent } from "~/features/content/request-content.server";
import { readBlockChoices } from "~/features/publishing/block-choices.server";
import { getCaseStudies } from "~/features/publishing/public-reader.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/content-manager";

export const handle = { adminNav: { label: "More content", order: 20 } } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const session = getAdmin(context);
  const { content, version, fresh } = await getRequestContent(context);
  // Editing a fallback copy while the database is unreadable could overwrite real content.
  const { db, logger } = getAppContext(context);
  const [studies, blockChoices] = await Promise.all([
    getCaseStudies(db, logger),
    readBlockChoices(context),
  ]);
  const industries = studies.map((study) => study.industry);
  const seoPages = Object.entries(describeFixedPages(content, industries)).map(
    ([key, page]) => [`seo.${key}`, page] as const,
  );
  return {
    adminEmail: session.email,
    initial: fresh ? { sections: managerForm.select(content), version } : null,
    seoPages: Object.fromEntries(seoPages),
    blockChoices,
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Content Manager",
    description: "Edit the rest of the website's content.",
    noindex: true,
  });
}

export default function ContentManagerPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.initial) {
    return <UnloadedScreen title="Content Manager" what="The content" />;
  }
  return (
    <BlockChoicesContext value={loaderData.blockChoices}>
      <ContentForm
        model={managerForm}
        initial={loaderData.initial}
        adminEmail={loaderData.adminEmail}
        seoPages={loaderData.seoPages}
        title="Content Manager"
        cardTitle="More Website Content"
        cardDescription={
          <>
            The rest of your website's text: banners, footer, booking, blog, case studies, forms,
            the page-not-found page, legal pages and the extra blocks of the home and About pages.
            Company details, home, about, services and contact are in the{" "}
            <Link to="/edit" className="font-medium text-primary underline underline-offset-2">
              Content Editor
            </Link>
            .
          </>
        }
      />
    </BlockChoicesContext>
  );
}
