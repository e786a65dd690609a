// GET /api/admin/link-targets?q=words: the public pages (services, articles, case studies and the
// rest) whose title or address matches, as { targets: [{ title, path, group, kind, id }], total }
// (total counts every match; at most 20 are listed), for the link dialog and the Navigation
// screen. Admin only.
import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import { getRequestContent } from "~/features/content/request-content.server";
import { findLinkTargets } from "~/features/pages/link-targets";
import { listPublicPages } from "~/features/pages/public-pages.server";
import type { Route } from "./+types/api-link-targets";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async ({ db, logger, routes }) => {
    const query = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 200);
    const { content } = await getRequestContent(args.context);
    const pages = await listPublicPages(db, content, logger, routes.pages);
    return Response.json(findLinkTargets(pages, query));
  });
}
