// POST /api/admin/images: uploads an image to the media library (admin only, same origin, a
// multipart form with the file in "image"). PNG, JPEG and WebP only, told by their magic bytes,
// at most 2 MB and 40 megapixels as their header declares; stored whole under a random name with
// the name it was uploaded under, and answered 201 with the library's view of it, or not stored at
// all (507 JSON when the disk is full). The same bytes uploaded again store nothing: the answer is
// 200 with `duplicate: true` and the image already in the library (issue 17).
// GET /api/admin/images: the library's images (uploads with their names, alt texts and focal
// points), filtered by `?q=` over names and alt texts.

import { handleAdminApi } from "~/features/admin/gate.server";
import { readImageDimensions } from "~/features/media/image-dimensions.server";
import { matchesImageSearch } from "~/features/media/image-metadata";
import {
  ImageRefusal,
  prepareUploadedImage,
  refuseUnacceptedBytes,
} from "~/features/media/image-processing.server";
import {
  cleanOriginalName,
  findImageByHash,
  findImageRecord,
  hashImageBytes,
  insertImageRecord,
  listLibraryImages,
  toLibraryImage,
} from "~/features/media/image-records.server";
import {
  describeTooManyPixels,
  diskFullMessage,
  imageTooLargeMessage,
  maxImageBytes,
  maxImagePixels,
  maxUploadBodyBytes,
  unreadableImageMessage,
  uploadNotSavedMessage,
} from "~/features/media/image-rules";
import {
  deleteUploadedImage,
  detectImageKind,
  isDiskFullError,
  storeUploadedImage,
} from "~/features/media/images.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { getUploadsDir } from "~/platform/config.server";
import { ApiError } from "~/platform/http/api.server";
import type { Route } from "./+types/api-images";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async ({ db, config }) => {
    const query = new URL(args.request.url).searchParams.get("q")?.trim().slice(0, 200) ?? "";
    const images = await listLibraryImages(db, getUploadsDir(config));
    return Response.json({
      images: query ? images.filter((image) => matchesImageSearch(image, query)) : images,
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
      const uploaded = new Uint8Array(await file.arrayBuffer());
      // Issue 18 (variants): 415 only for another image type, 400 for bytes that are no image.
      const declaredKind = detectImageKind(uploaded);
      if (!declaredKind) {
        const refusal = refuseUnacceptedBytes(uploaded);
        throw new ApiError(refusal.status, refusal.message);
      }
      // The header's size is the cheap first gate; sharp checks the pixels again as it decodes.
      const declared = readImageDimensions(uploaded, declaredKind);
      if (!declared) throw new ApiError(400, unreadableImageMessage);
      if (declared.width * declared.height > maxImagePixels) {
        throw new ApiError(413, describeTooManyPixels(declared.width, declared.height));
      }
      // Issue 18 (variants): what is stored is decoded, upright and free of EXIF, XMP and IPTC.
      let prepared: Awaited<ReturnType<typeof prepareUploadedImage>>;
      try {
        prepared = await prepareUploadedImage(uploaded);
      } catch (error) {
        if (error instanceof ImageRefusal) throw new ApiError(error.status, error.message);
        throw error;
      }
      const { bytes, kind } = prepared;
      const dimensions = { width: prepared.width, height: prepared.height };

      const uploadsDir = getUploadsDir(config);
      // The file as uploaded, so the same file again is known even though what is stored was
      // written anew (issue 18), and uploads kept before then match their files' hashes.
      const sha256 = hashImageBytes(uploaded);
      const existing = await findImageByHash(db, uploadsDir, sha256);
      if (existing) {
        return Response.json({
          message: `This image is already in the library as ${existing.original_name}`,
          duplicate: true,
          image: toLibraryImage(existing),
        });
      }

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
      const originalName = cleanOriginalName(file.name, stored.name);
      // The file is on disk before its row and log entry: a file system write cannot join the
      // transaction, so an upload whose row cannot be written is taken back rather than kept
      // unrecorded.
      try {
        await db.transaction().execute(async (trx) => {
          await insertImageRecord(trx, {
            name: stored.name,
            originalName,
            sha256,
            kind,
            bytes: bytes.length,
            ...dimensions,
          });
          await recordActivity(trx, {
            action: "image-upload",
            actor: getActor(admin, clientIp),
            target: stored.url,
            detail: { bytes: bytes.length, name: originalName },
          });
        });
      } catch (error) {
        await deleteUploadedImage(uploadsDir, stored.name).catch(() => false);
        throw error;
      }
      logger.info(
        { image: stored.name, bytes: bytes.length, ...dimensions, admin: admin.email },
        "image uploaded",
      );
      const record = await findImageRecord(db, stored.name);
      if (!record) throw new ApiError(500, uploadNotSavedMessage);
      return Response.json(
        { message: "Image uploaded", duplicate: false, image: toLibraryImage(record) },
        { status: 201 },
      );
    },
  );
}
