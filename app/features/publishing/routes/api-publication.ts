// /api/admin/articles/:id (or /case-studies/:id): GET the item with its revisions, PUT a new
// version (If-Match: the version loaded, else 409), DELETE it (If-Match checked the same way).

import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import {
  answerPublication,
  describePublicationError,
  readExpectedVersion,
  readPublicationInput,
  requireApiKind,
  toActor,
} from "~/features/publishing/api.server";
import { kindTexts } from "~/features/publishing/kind-texts";
import { getForAdmin } from "~/features/publishing/store/reads.server";
import { listRevisions } from "~/features/publishing/store/revisions.server";
import { deletePublication, updatePublication } from "~/features/publishing/store/writes.server";
import { ApiError } from "~/platform/http/api.server";
import type { Route } from "./+types/api-publication";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async (app) => {
    const kind = requireApiKind(args.params.collection);
    const item = await getForAdmin(app.db, kind, args.params.id);
    if (!item) throw new ApiError(404, `${kindTexts[kind].singular} not found`);
    const revisions = await listRevisions(app.db, kind, args.params.id);
    return Response.json({ item, revisions }, { headers: { ETag: `"${item.version}"` } });
  });
}

export function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const describeError = describePublicationError(params.collection);
  return handleAdminApi(args, { methods: ["PUT", "DELETE"], describeError }, async (app) => {
    const kind = requireApiKind(params.collection);
    const expectedVersion = readExpectedVersion(request);
    if (request.method === "DELETE") {
      await deletePublication(app.db, kind, params.id, { actor: toActor(app), expectedVersion });
      return Response.json({ message: "Deleted" });
    }
    const input = await readPublicationInput(request, kind, app);
    const item = await updatePublication(app.db, kind, params.id, input, {
      actor: toActor(app),
      expectedVersion,
    });
    const revisions = await listRevisions(app.db, kind, item.record.id);
    return answerPublication(item, { message: "Saved", revisions });
  });
}
