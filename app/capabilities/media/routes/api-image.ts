// /api/admin/images/:name (admin only, same origin), one uploaded image:
// PATCH renames it (the name shown, not the stored file's), sets its alt text or focal point
// (JSON, the library's edit schema; 400 with the field's message, 404 for an unknown image);
// DELETE deletes it (its row, its stored bytes once no other row shares them, and this instance's
// cached copies), refused with 409 while an article, a case study or the content uses it.
// Site images cannot be changed or deleted.

import { imageEditSchema } from "~/capabilities/media/image-metadata";
import {
  deleteImageRecord,
  findImageRecord,
  toLibraryImage,
  updateImageRecord,
} from "~/capabilities/media/image-records.server";
import { uploadsUrlPath } from "~/capabilities/media/image-rules";
import { getImageStore } from "~/capabilities/media/image-store.server";
import { findImageUses } from "~/capabilities/media/image-uses.server";
import { removeImageVariants } from "~/capabilities/media/image-variants.server";
import { uploadName } from "~/capabilities/media/images.server";
import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import { ApiError, readJsonBody } from "~/platform/http/api.server";
import type { Route } from "./+types/api-image";

const methods = ["PATCH", "DELETE"];
const unknownImageMessage = "No uploaded image has that name";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods }, async () => Response.json({}));
}

export function action(args: Route.ActionArgs) {
  return handleAdminApi(args, { methods }, async (app) => {
    const { name } = args.params;
    const url = `${uploadsUrlPath}/${name}`;
    const actor = getActor(app.admin, app.clientIp);
    if (args.request.method === "PATCH") {
      if (!uploadName.test(name) || !(await findImageRecord(app.db, name))) {
        throw new ApiError(404, unknownImageMessage);
      }
      const edit = await readJsonBody(args.request, imageEditSchema);
      const saved = await app.db.transaction().execute(async (trx) => {
        const row = await updateImageRecord(trx, name, edit);
        await recordActivity(trx, { action: "image-edit", actor, target: url, detail: edit });
        // Covers are cropped around the focal point on public pages: they change with it.
        if (edit.focalX !== undefined || edit.focalY !== undefined) {
          await markDataChanged(trx, "images");
        }
        return row;
      });
      if (!saved) throw new ApiError(404, unknownImageMessage);
      return Response.json({ message: "Image saved", image: toLibraryImage(saved) });
    }

    const uses = await findImageUses(app.db, url);
    if (uses.length > 0) {
      throw new ApiError(
        409,
        `This image is still used by ${uses.map((use) => use.label).join(", ")}. Choose another image there first.`,
      );
    }
    if (!uploadName.test(name)) throw new ApiError(404, unknownImageMessage);
    const deleted = await app.db.transaction().execute(async (trx) => {
      if (!(await deleteImageRecord(trx, name))) return false;
      await recordActivity(trx, { action: "delete", actor, target: url });
      return true;
    });
    if (!deleted) throw new ApiError(404, unknownImageMessage);
    // Other instances drop their copies when they next ask the database about the image.
    const id = name.slice(0, name.indexOf("."));
    await getImageStore(app).forgetOriginal(id);
    await removeImageVariants(app, id);
    return Response.json({ message: "Image deleted" });
  });
}
