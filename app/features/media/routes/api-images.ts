// POST /api/admin/images: uploads an image to the media library (admin only, same origin, a
// multipart form with the file in "image"). PNG, JPEG and WebP only, told by their magic bytes,
// at most 2 MB and 40 megapixels as their header declares; stored whole under a random name and
// answered with its address, or not stored at all (507 JSON when the disk is full).
// GET: every image of the library (address, name, size), for pickers such as the rich-text editor's.

import { handleAdminApi } from "~/features/admin/gate.server";
import { readImageDimensions } from "~/features/media/image-dimensions.server";
import {
  describeTooManyPixels,
  diskFullMessage,
  imageTooLargeMessage,
  maxImageBytes,
  maxImagePixels,
  maxUploadBodyBytes,
  unreadableImageMessage,
  unsupportedImageMessage,
  uploadNotSavedMessage,
} from "~/features/media/image-rules";
import {
  deleteUploadedImage,
  detectImageKind,
  isDiskFullError,
  listSiteImages,
  storeUploadedImage,
} from "~/features/media/images.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { getUploadsDir } from "~/platform/config.server";
import { ApiError } from "~/platform/http/api.server";
import type { Route } from "./+types/api-images";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async ({ config }) => {
    const images = await listSiteImages(getUploadsDir(config));
    return Response.json({
      images: images.map(({ url, name, bytes, uploaded }) => ({ url, name, bytes, uploaded })),
    });
  });
}

export async function action(args: Route.ActionArgs) {
  return handleAdminApi(
    args,
    { methods: ["POST"] },
    async ({ db, config, logger, admin, clientIp }) => {
      const { request } = args;
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
      const dimensions = readImageDimensions(bytes, kind);
      if (!dimensions) throw new ApiError(400, unreadableImageMessage);
      if (dimensions.width * dimensions.height > maxImagePixels) {
        throw new ApiError(413, describeTooManyPixels(dimensions.width, dimensions.height));
      }

      const uploadsDir = getUploadsDir(config);
      let stored: { url: string; name: string };
      try {
        stored = await storeUploadedImage(uploadsDir, bytes, kind);
      } catch (error) {
        const diskFull = isDiskFullError(error);
        logger.error(
          { err: error, uploadsDir, bytes: bytes.length, admin: admin.email },
          diskFull ? "image upload refused: the disk is full" : "image upload could not be saved",
        );
        throw new ApiError(
          diskFull ? 507 : 500,
          diskFull ? diskFullMessage : uploadNotSavedMessage,
        );
      }
      // The file is on disk before its log entry: a file system write cannot join the transaction,
      // so an upload whose entry cannot be written is taken back rather than kept unrecorded.
      try {
        await recordActivity(db, {
          action: "image-upload",
          actor: getActor(admin, clientIp),
          target: stored.url,
          detail: { bytes: bytes.length, name: file.name.slice(0, 200) },
        });
      } catch (error) {
        await deleteUploadedImage(uploadsDir, stored.name).catch(() => false);
        throw error;
      }
      logger.info(
        { image: stored.name, bytes: bytes.length, ...dimensions, admin: admin.email },
        "image uploaded",
      );
      return Response.json(
        { message: "Image uploaded", image: { url: stored.url, bytes: bytes.length } },
        { status: 201 },
      );
    },
  );
}
