// /api/admin/images/:name (admin only, same origin), one uploaded image:
// PATCH renames it (the name shown, not the stored file's), sets its alt text or focal point
// (JSON, the library's edit schema; 400 with the field's message, 404 for an unknown image);
// DELETE deletes it (its row, its stored bytes once no other row shares them, and this instance's
// cached copies), refused with 409 while an article, a case study or the content uses it.
// Site images cannot be changed or deleted.

import {
  deleteImage,
  editImage,
  requireUploadedImage,
} from "~/capabilities/media/image-library.server";
import { imageEditSchema } from "~/capabilities/media/image-metadata";
import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import { readJsonBody } from "~/platform/http/api.server";
import type { Route } from "./+types/api-image";

const methods = ["PATCH", "DELETE"];

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods }, async () => Response.json({}));
}

export function action(args: Route.ActionArgs) {
  return handleAdminApi(args, { methods }, async (app) => {
    const { name } = args.params;
    if (args.request.method === "PATCH") {
      await requireUploadedImage(app, name);
      const edit = await readJsonBody(args.request, imageEditSchema);
      return Response.json({ message: "Image saved", image: await editImage(app, name, edit) });
    }
    await deleteImage(app, name);
    return Response.json({ message: "Image deleted" });
  });
}
