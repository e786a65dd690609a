// POST /api/admin/articles/:id/restore (or /case-studies/:id/restore) {revisionId}: saves that
// revision's text as a new version (nothing is rewritten); status and publication time stay. A
// deleted item comes back as a draft.
import { z } from "zod";
import {
  answerPublication,
  callStore,
  readExpectedVersion,
  requireAdminApi,
  requireApiKind,
} from "~/features/publishing/api.server";
import { restorePublication } from "~/features/publishing/store.server";
import { getAppContext } from "~/server/context.server";
import { ApiError, handleApi, readJsonBody } from "~/server/http.server";
import type { Route } from "./+types/publication-restore";

const restoreSchema = z.object({
  revisionId: z.number({ message: "Name the revision to restore" }).int().positive(),
});

export async function loader() {
  return Response.json(
    { message: "Restore with POST" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const app = getAppContext(context);
  return handleApi(async () => {
    if (request.method !== "POST") {
      throw new ApiError(405, "Restore with POST", { headers: { Allow: "POST" } });
    }
    const session = await requireAdminApi(app, request, { write: true });
    const kind = requireApiKind(params.collection);
    const expectedVersion = readExpectedVersion(request);
    const { revisionId } = await readJsonBody(request, restoreSchema);
    const item = await callStore(kind, () =>
      restorePublication(app.db, kind, params.id, revisionId, {
        author: session.email,
        expectedVersion,
      }),
    );
    return answerPublication(item, { message: "Restored" });
  });
}
