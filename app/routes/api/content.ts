// GET /api/content: the site content document (spec section 7). Never cached; the version travels
// in the ETag so the editor can send it back in If-Match when it saves.
// POST /api/content: the editor's save (admin only, same-origin JSON, DESIGN.md sections 6 and 7).
import { contentUpdateSchema } from "~/content/schema";
import { parseIfMatch, saveEditedContent } from "~/server/content-save.server";
import { getAppContext } from "~/server/context.server";
import { ApiError, assertSameOrigin, handleApi, readJsonBody } from "~/server/http.server";
import { getRequestSession } from "~/server/sessions.server";
import { getSiteContent } from "~/server/site-content.server";
import type { Route } from "./+types/content";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  const { content, version } = await getSiteContent(db, logger);
  return Response.json(content, {
    headers: { "Cache-Control": "no-store", ETag: `"${version}"` },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, logger } = getAppContext(context);
  return handleApi(
    async () => {
      if (request.method !== "POST") {
        throw new ApiError(405, "Save content with POST", { headers: { Allow: "GET, POST" } });
      }
      assertSameOrigin(request, config.SITE_URL);
      const session = await getRequestSession(db, request, config.secure);
      if (!session) {
        throw new ApiError(
          401,
          "Your session has expired. Please log in again to save your changes.",
        );
      }
      const expectedVersion = parseIfMatch(request.headers.get("if-match"));
      const { content } = await readJsonBody(request, contentUpdateSchema);
      const revision = await saveEditedContent(db, content, {
        expectedVersion,
        author: session.email,
      });
      return Response.json(
        { message: "Content saved", version: revision.version, content: revision.content },
        { headers: { "Cache-Control": "no-store", ETag: `"${revision.version}"` } },
      );
    },
    logger,
    request,
  );
}
