// /api/admin/articles/:id (or /case-studies/:id): GET the item with its revisions, PUT a new
// version (If-Match: the version loaded, else 409), DELETE it (If-Match checked the same way).
import {
  answerPublication,
  callStore,
  readExpectedVersion,
  readPublicationInput,
  requireAdminApi,
  requireApiKind,
} from "~/features/publishing/api.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import {
  deletePublication,
  getForAdmin,
  listRevisions,
  updatePublication,
} from "~/features/publishing/store.server";
import { getAppContext } from "~/server/context.server";
import { ApiError, handleApi } from "~/server/http.server";
import type { Route } from "./+types/publication";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = getAppContext(context);
  return handleApi(async () => {
    await requireAdminApi(app, request, { write: false });
    const kind = requireApiKind(params.collection);
    const item = await getForAdmin(app.db, kind, params.id);
    if (!item) throw new ApiError(404, `${kindTexts[kind].singular} not found`);
    const revisions = await listRevisions(app.db, kind, params.id);
    return Response.json(
      { item, revisions },
      { headers: { "Cache-Control": "no-store", ETag: `"${item.version}"` } },
    );
  });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const app = getAppContext(context);
  return handleApi(async () => {
    const kind = requireApiKind(params.collection);
    if (request.method === "PUT") {
      const session = await requireAdminApi(app, request, { write: true });
      const expectedVersion = readExpectedVersion(request);
      const input = await readPublicationInput(request, kind);
      const item = await callStore(kind, () =>
        updatePublication(app.db, kind, params.id, input, {
          author: session.email,
          expectedVersion,
        }),
      );
      return answerPublication(item, { message: "Saved" });
    }
    if (request.method === "DELETE") {
      const session = await requireAdminApi(app, request, { write: true });
      const expectedVersion = readExpectedVersion(request);
      await callStore(kind, () =>
        deletePublication(app.db, kind, params.id, { author: session.email, expectedVersion }),
      );
      return Response.json({ message: "Deleted" }, { headers: { "Cache-Control": "no-store" } });
    }
    throw new ApiError(405, "Save with PUT or delete with DELETE", {
      headers: { Allow: "GET, PUT, DELETE" },
    });
  });
}
