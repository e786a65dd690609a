// /api/admin/images/:name (admin only, same origin): PATCH edits an upload's name, alt text or
// focal point (JSON, 400/404); DELETE deletes it, 409 while something uses it. Site images cannot
// be changed. The use cases are image-library.server.ts's.

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
