// DELETE /api/admin/images/:name: deletes an uploaded image (admin only, same origin), refused
// with 409 while an article, a case study or the content uses it. Site images cannot be deleted.
import { requireAdminApi } from "~/features/publishing/api.server";
import { findImageUses } from "~/features/publishing/image-uses.server";
import { getAppContext } from "~/server/context.server";
import { ApiError, handleApi } from "~/server/http.server";
import { deleteUploadedImage, getUploadsDir, uploadsUrlPath } from "~/server/media/images.server";
import type { Route } from "./+types/image";

export async function loader() {
  return Response.json(
    { message: "Delete an upload with DELETE" },
    { status: 405, headers: { Allow: "DELETE" } },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const app = getAppContext(context);
  return handleApi(async () => {
    if (request.method !== "DELETE") {
      throw new ApiError(405, "Delete an upload with DELETE", { headers: { Allow: "DELETE" } });
    }
    const session = await requireAdminApi(app, request, { write: true });
    const url = `${uploadsUrlPath}/${params.name}`;
    const uses = await findImageUses(app.db, url);
    if (uses.length > 0) {
      throw new ApiError(
        409,
        `This image is still used by ${uses.map((use) => use.label).join(", ")}. Choose another image there first.`,
      );
    }
    if (!(await deleteUploadedImage(getUploadsDir(app.config), params.name))) {
      throw new ApiError(404, "No uploaded image has that name");
    }
    app.logger.info({ image: params.name, admin: session.email }, "image deleted");
    return Response.json(
      { message: "Image deleted" },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
