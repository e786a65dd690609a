// GET /api/admin/articles (or /case-studies): every item whatever its status, for the admin list.
// POST: creates one from the editor's input (admin only, same-origin JSON).
import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import {
  answerPublication,
  describePublicationError,
  readPublicationInput,
  requireApiKind,
  toActor,
} from "~/features/publishing/api.server";
import { listForAdmin } from "~/features/publishing/store/reads.server";
import { listRevisions } from "~/features/publishing/store/revisions.server";
import { createPublication } from "~/features/publishing/store/writes.server";
import type { Route } from "./+types/api-publications";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async (app) => {
    const kind = requireApiKind(args.params.collection);
    const items = await listForAdmin(app.db, kind);
    return Response.json({ items });
  });
}

export function action(args: Route.ActionArgs) {
  const describeError = describePublicationError(args.params.collection);
  return handleAdminApi(args, { methods: ["POST"], describeError }, async (app) => {
    const kind = requireApiKind(args.params.collection);
    const input = await readPublicationInput(args.request, kind, app);
    const item = await createPublication(app.db, kind, input, { actor: toActor(app) });
    const revisions = await listRevisions(app.db, kind, item.record.id);
    return answerPublication(item, { status: 201, message: "Saved", revisions });
  });
}
