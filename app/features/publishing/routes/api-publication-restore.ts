// POST /api/admin/articles/:id/restore (or /case-studies/:id/restore) {revisionId}: saves that
// revision's text as a new version (nothing is rewritten); status and publication time stay. A
// deleted item comes back as a draft.

import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import {
  answerPublication,
  describePublicationError,
  readExpectedVersion,
  requireApiKind,
  toActor,
} from "~/features/publishing/api.server";
import { listRevisions } from "~/features/publishing/store/revisions.server";
import { restorePublication } from "~/features/publishing/store/writes.server";
import { readJsonBody } from "~/platform/http/api.server";
import { z } from "~/platform/zod";
import type { Route } from "./+types/api-publication-restore";

const restoreSchema = z.object({
  revisionId: z.number({ message: "Name the revision to restore" }).int().positive(),
});

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["POST"] }, async () => Response.json({}));
}

export function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const describeError = describePublicationError(params.collection);
  return handleAdminApi(args, { methods: ["POST"], describeError }, async (app) => {
    const kind = requireApiKind(params.collection);
    const expectedVersion = readExpectedVersion(request);
    const { revisionId } = await readJsonBody(request, restoreSchema);
    const item = await restorePublication(app.db, kind, params.id, revisionId, {
      actor: toActor(app),
      expectedVersion,
    });
    const revisions = await listRevisions(app.db, kind, item.record.id);
    return answerPublication(item, { message: "Restored", revisions });
  });
}
