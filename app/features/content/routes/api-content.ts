// GET /api/content: the site content document, never cached, its version in the ETag for the
// editor's If-Match. POST /api/content: the editor's save (admin only, same-origin JSON), logged
// in the save's own transaction.

import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import { saveEditedContent } from "~/features/content/content-save.server";
import { contentUpdateSchema } from "~/features/content/schema";
import { getSiteContent } from "~/features/content/site-content.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { readJsonBody } from "~/platform/http/api.server";
import { parseIfMatch } from "~/platform/http/if-match.server";
import type { Route } from "./+types/api-content";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  const { content, version } = await getSiteContent(db, logger);
  return Response.json(content, {
    headers: { "Cache-Control": "no-store", ETag: `"${version}"` },
  });
}

export async function action(args: Route.ActionArgs) {
  return handleAdminApi(
    args,
    {
      methods: ["GET", "POST"],
      signedOutMessage: "Your session has expired. Please log in again to save your changes.",
    },
    async ({ db, admin, clientIp }) => {
      const { request } = args;
      const expectedVersion = parseIfMatch(request.headers.get("if-match"));
      const { content } = await readJsonBody(request, contentUpdateSchema);
      const revision = await saveEditedContent(db, content, {
        expectedVersion,
        author: admin.email,
        role: admin.role,
        onSaved: (trx, saved) =>
          recordActivity(trx, {
            action: "content-save",
            actor: getActor(admin, clientIp),
            target: `revision ${saved.version}`,
            detail: { sections: Object.keys(content) },
          }),
      });
      return Response.json(
        { message: "Content saved", version: revision.version, content: revision.content },
        { headers: { ETag: `"${revision.version}"` } },
      );
    },
  );
}
