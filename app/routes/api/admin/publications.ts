// GET /api/admin/articles (or /case-studies): every item whatever its status, for the admin list.
// POST: creates one from the editor's input (admin only, same-origin JSON).
import {
  answerPublication,
  callStore,
  readPublicationInput,
  requireAdminApi,
  requireApiKind,
} from "~/features/publishing/api.server";
import { createPublication, listForAdmin } from "~/features/publishing/store.server";
import { getAppContext } from "~/server/context.server";
import { ApiError, handleApi } from "~/server/http.server";
import type { Route } from "./+types/publications";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = getAppContext(context);
  return handleApi(async () => {
    await requireAdminApi(app, request, { write: false });
    const kind = requireApiKind(params.collection);
    const items = await listForAdmin(app.db, kind);
    return Response.json({ items }, { headers: { "Cache-Control": "no-store" } });
  });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const app = getAppContext(context);
  return handleApi(async () => {
    if (request.method !== "POST") {
      throw new ApiError(405, "Create with POST", { headers: { Allow: "GET, POST" } });
    }
    const session = await requireAdminApi(app, request, { write: true });
    const kind = requireApiKind(params.collection);
    const input = await readPublicationInput(request, kind);
    const item = await callStore(kind, () =>
      createPublication(app.db, kind, input, { author: session.email }),
    );
    return answerPublication(item, { status: 201, message: "Saved" });
  });
}
