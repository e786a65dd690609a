// DELETE /api/admin/images/:name: deletes an uploaded image (admin only, same origin), refused
// with 409 while an article, a case study or the content uses it. Site images cannot be deleted.

import { handleAdminApi } from "~/features/admin/gate.server";
import { findImageUses } from "~/features/media/image-uses.server";
import { deleteUploadedImage, uploadsUrlPath } from "~/features/media/images.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { getUploadsDir } from "~/platform/config.server";
import { ApiError } from "~/platform/http/api.server";
import type { Route } from "./+types/api-image";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["DELETE"] }, async () => Response.json({}));
}

export function action(args: Route.ActionArgs) {
  return handleAdminApi(args, { methods: ["DELETE"] }, async (app) => {
    const url = `${uploadsUrlPath}/${args.params.name}`;
    const uses = await findImageUses(app.db, url);
    if (uses.length > 0) {
      throw new ApiError(
        409,
        `This image is still used by ${uses.map((use) => use.label).join(", ")}. Choose another image there first.`,
      );
    }
    if (!(await deleteUploadedImage(getUploadsDir(app.config), args.params.name))) {
      throw new ApiError(404, "No uploaded image has that name");
    }
    // The file is gone before its log entry: a file system change cannot join a transaction.
    await recordActivity(app.db, {
      action: "delete",
      actor: getActor(app.admin, app.clientIp),
      target: url,
    });
    return Response.json({ message: "Image deleted" });
  });
}
