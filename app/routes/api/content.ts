// GET /api/content: the site content document (spec section 7). Never cached; the version travels
// in the ETag so the editor can send it back in If-Match when it saves.
import { getAppContext } from "~/server/context.server";
import { getSiteContent } from "~/server/site-content.server";
import type { Route } from "./+types/content";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  const { content, version } = await getSiteContent(db, logger);
  return Response.json(content, {
    headers: { "Cache-Control": "no-store", ETag: `"${version}"` },
  });
}
