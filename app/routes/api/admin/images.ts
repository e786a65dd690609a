// POST /api/admin/images: uploads an image to the media library (admin only, same origin, a
// multipart form with the file in "image"). PNG, JPEG and WebP only, told by their magic bytes,
// at most 2 MB; stored under a random name and answered with its address.
import {
  imageTooLargeMessage,
  maxImageBytes,
  maxUploadBodyBytes,
  unsupportedImageMessage,
} from "~/media/image-rules";
import { getAppContext } from "~/server/context.server";
import { ApiError, assertSameOrigin, handleApi } from "~/server/http.server";
import { detectImageKind, getUploadsDir, storeUploadedImage } from "~/server/media/images.server";
import { getRequestSession } from "~/server/sessions.server";
import type { Route } from "./+types/images";

export async function loader() {
  return Response.json(
    { message: "Upload images with POST" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, logger } = getAppContext(context);
  return handleApi(
    async () => {
      if (request.method !== "POST") {
        throw new ApiError(405, "Upload images with POST", { headers: { Allow: "POST" } });
      }
      assertSameOrigin(request, config.SITE_URL);
      const session = await getRequestSession(db, request, config.secure);
      if (!session) throw new ApiError(401, "Your session has expired. Please log in again.");
      if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
        throw new ApiError(415, "Send the image as a multipart form (multipart/form-data)");
      }
      if (Number(request.headers.get("content-length") ?? 0) > maxUploadBodyBytes) {
        throw new ApiError(413, imageTooLargeMessage);
      }
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        throw new ApiError(400, "The upload could not be read. Please choose the file again.");
      }
      const file = form.get("image");
      if (!(file instanceof File) || file.size === 0) {
        throw new ApiError(400, "Choose an image file to upload");
      }
      if (file.size > maxImageBytes) throw new ApiError(413, imageTooLargeMessage);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = detectImageKind(bytes);
      if (!kind) throw new ApiError(415, unsupportedImageMessage);
      const stored = await storeUploadedImage(getUploadsDir(config), bytes, kind);
      logger.info(
        { image: stored.name, bytes: bytes.length, admin: session.email },
        "image uploaded",
      );
      return Response.json(
        { message: "Image uploaded", image: { url: stored.url, bytes: bytes.length } },
        { status: 201, headers: { "Cache-Control": "no-store" } },
      );
    },
    logger,
    request,
  );
}
