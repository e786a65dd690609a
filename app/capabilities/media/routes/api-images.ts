// POST /api/admin/images: uploads an image to the media library (admin only, same origin, a
// multipart form with the file in "image"). PNG, JPEG and WebP (and HEIC where sharp decodes it),
// told by their magic bytes, at most 25 MB and 40 megapixels; decoded, turned upright, scaled to a
// 2560 px long edge and stripped of EXIF, XMP and IPTC by sharp, then stored in the database (every
// instance serves it, every backup holds it) under a random name with the name it was uploaded
// under, and answered 201 with the library's view of it, or not stored at all (507 JSON when the
// database has no room). The same bytes uploaded again store nothing: the answer is
// 200 with `duplicate: true` and the image already in the library.
// GET /api/admin/images: the library's images (uploads with their names, alt texts and focal
// points), filtered by `?q=` over names and alt texts.

import { readImageDimensions } from "~/capabilities/media/image-dimensions.server";
import { matchesImageSearch } from "~/capabilities/media/image-metadata";
import {
  ImageRefusal,
  isHeicImage,
  refuseUnacceptedBytes,
} from "~/capabilities/media/image-processing.server";
import {
  cleanOriginalName,
  findImageByHash,
  findImageRecord,
  hashImageBytes,
  insertImageRecord,
  listLibraryImages,
  prepareImageForStorage,
  storeImageBlob,
  toLibraryImage,
} from "~/capabilities/media/image-records.server";
import {
  databaseFullMessage,
  describeTooManyPixels,
  imageTooLargeMessage,
  maxImageBytes,
  maxImagePixels,
  maxUploadBodyBytes,
  unreadableImageMessage,
  uploadNotSavedMessage,
  uploadsUrlPath,
} from "~/capabilities/media/image-rules";
import { createUploadName, detectImageKind } from "~/capabilities/media/images.server";
import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { isStorageFullError } from "~/platform/db/unavailable.server";
import { ApiError } from "~/platform/http/api.server";
import type { Route } from "./+types/api-images";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async ({ db }) => {
    const query = new URL(args.request.url).searchParams.get("q")?.trim().slice(0, 200) ?? "";
    const images = await listLibraryImages(db);
    return Response.json({
      images: query ? images.filter((image) => matchesImageSearch(image, query)) : images,
    });
  });
}

export async function action(args: Route.ActionArgs) {
  return handleAdminApi(args, { methods: ["POST"] }, async ({ db, logger, admin, clientIp }) => {
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
    // 415 only for another image type (GIF, SVG...); 400 for bytes that are no image at all. A
    // HEIC photo goes on to sharp, which converts it where it can and else says how to export it.
    if (!kind && !isHeicImage(bytes)) {
      const refusal = refuseUnacceptedBytes(bytes);
      throw new ApiError(refusal.status, refusal.message);
    }
    // The header's size is the cheap first gate; sharp checks the pixels again as it decodes.
    const dimensions = kind ? readImageDimensions(bytes, kind) : undefined;
    if (kind && !dimensions) throw new ApiError(400, unreadableImageMessage);
    if (dimensions && dimensions.width * dimensions.height > maxImagePixels) {
      throw new ApiError(413, describeTooManyPixels(dimensions.width, dimensions.height));
    }

    const sha256 = hashImageBytes(bytes);
    const existing = await findImageByHash(db, sha256);
    if (existing) {
      return Response.json({
        message: `This image is already in the library as ${existing.original_name}`,
        duplicate: true,
        image: toLibraryImage(existing),
      });
    }

    // What is stored is decoded, upright and free of EXIF, XMP and IPTC, so it differs from what
    // was uploaded; the duplicate check above keeps using the uploaded bytes' hash.
    let prepared: Awaited<ReturnType<typeof prepareImageForStorage>>;
    try {
      prepared = await prepareImageForStorage(bytes);
    } catch (error) {
      if (error instanceof ImageRefusal) throw new ApiError(error.status, error.message);
      throw error;
    }

    const name = createUploadName(prepared.kind);
    const url = `${uploadsUrlPath}/${name}`;
    const originalName = cleanOriginalName(file.name, name);
    // The bytes, their row and the log entry in one transaction: all stored, or nothing.
    try {
      await db.transaction().execute(async (trx) => {
        const blobSha256 = await storeImageBlob(trx, prepared);
        await insertImageRecord(trx, {
          name,
          originalName,
          sha256,
          blobSha256,
          kind: prepared.kind,
          bytes: prepared.bytes.length,
          width: prepared.width,
          height: prepared.height,
          original: prepared.original,
        });
        await recordActivity(trx, {
          action: "image-upload",
          actor: getActor(admin, clientIp),
          target: url,
          detail: { bytes: prepared.bytes.length, name: originalName },
        });
      });
    } catch (error) {
      if (!isStorageFullError(error)) throw error;
      logger.error(
        { err: error, bytes: prepared.bytes.length, admin: admin.email },
        "image upload refused: the database has no room",
      );
      throw new ApiError(507, databaseFullMessage);
    }
    logger.info(
      {
        image: name,
        bytes: prepared.bytes.length,
        width: prepared.width,
        height: prepared.height,
        uploaded: prepared.original,
        admin: admin.email,
      },
      "image uploaded",
    );
    const record = await findImageRecord(db, name);
    if (!record) throw new ApiError(500, uploadNotSavedMessage);
    return Response.json(
      { message: "Image uploaded", duplicate: false, image: toLibraryImage(record) },
      { status: 201 },
    );
  });
}
