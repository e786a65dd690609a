// The media library's use cases: upload, edit and delete an image, each stored with its activity
// entry in one transaction. The API routes read the request and call these.
import type { AdminApiContext } from "~/capabilities/workspace/gate.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { markDataChanged } from "~/platform/data-version.server";
import { isStorageFullError } from "~/platform/db/unavailable.server";
import { ApiError } from "~/platform/http/api.server";
import { readImageDimensions } from "./image-dimensions.server";
import type { ImageEdit } from "./image-metadata";
import { ImageRefusal, isHeicImage, refuseUnacceptedBytes } from "./image-processing.server";
import {
  cleanOriginalName,
  deleteImageRecord,
  findImageByHash,
  findImageRecord,
  hashImageBytes,
  insertImageRecord,
  prepareImageForStorage,
  storeImageBlob,
  toLibraryImage,
  updateImageRecord,
} from "./image-records.server";
import {
  databaseFullMessage,
  describeTooManyPixels,
  maxImagePixels,
  unreadableImageMessage,
  uploadNotSavedMessage,
  uploadsUrlPath,
} from "./image-rules";
import { getImageStore } from "./image-store.server";
import { findImageUses } from "./image-uses.server";
import { removeImageVariants } from "./image-variants.server";
import { createUploadName, detectImageKind, isSvgText, uploadName } from "./images.server";
import { prepareUploadedSvg } from "./svg-images.server";

const unknownImageMessage = "No uploaded image has that name";

export type LibraryImage = ReturnType<typeof toLibraryImage>;

/**
 * Stores an uploaded image, or finds it stored already (`duplicate`, by the uploaded bytes' hash).
 * Refusals are ApiErrors: 400/415 for bytes that are no accepted image, 413 for too many pixels,
 * 507 when the database has no room.
 */
export async function uploadImage(
  app: AdminApiContext,
  upload: { bytes: Uint8Array; fileName: string },
): Promise<{ duplicate: boolean; message: string; image: LibraryImage }> {
  const { db, logger, admin, clientIp } = app;
  const { bytes } = upload;
  const kind = detectImageKind(bytes);
  const svg = !kind && isSvgText(bytes);
  // 415 only for another image type (GIF, BMP...); 400 for bytes that are no image at all. A
  // HEIC photo goes on to sharp, which converts it where it can and else says how to export it.
  if (!kind && !svg && !isHeicImage(bytes)) {
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
    return {
      duplicate: true,
      message: `This image is already in the library as ${existing.original_name}`,
      image: toLibraryImage(existing),
    };
  }

  // What is stored is decoded, upright and free of EXIF, XMP and IPTC (an SVG: of all but its
  // drawing), so it differs from what was uploaded; the duplicate check above keeps using the
  // uploaded bytes' hash.
  let prepared: Awaited<ReturnType<typeof prepareImageForStorage>>;
  try {
    prepared = svg ? prepareUploadedSvg(bytes) : await prepareImageForStorage(bytes);
  } catch (error) {
    if (error instanceof ImageRefusal) throw new ApiError(error.status, error.message);
    throw error;
  }

  const name = createUploadName(prepared.kind);
  const url = `${uploadsUrlPath}/${name}`;
  const originalName = cleanOriginalName(upload.fileName, name);
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
  return { duplicate: false, message: "Image uploaded", image: toLibraryImage(record) };
}

/** Whether `name` is an uploaded image's (404 otherwise), checked before its edit is read. */
export async function requireUploadedImage(app: AdminApiContext, name: string): Promise<void> {
  if (!uploadName.test(name) || !(await findImageRecord(app.db, name))) {
    throw new ApiError(404, unknownImageMessage);
  }
}

/** Renames an uploaded image, or sets its alt text or focal point; 404 for an unknown image. */
export async function editImage(
  app: AdminApiContext,
  name: string,
  edit: ImageEdit,
): Promise<LibraryImage> {
  const url = `${uploadsUrlPath}/${name}`;
  const actor = getActor(app.admin, app.clientIp);
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
  return toLibraryImage(saved);
}

/**
 * Deletes an uploaded image: its row, its stored bytes once no other row shares them, and this
 * instance's cached copies. 409 while something uses it, 404 for an unknown image.
 */
export async function deleteImage(app: AdminApiContext, name: string): Promise<void> {
  const url = `${uploadsUrlPath}/${name}`;
  const uses = await findImageUses(app.db, url);
  if (uses.length > 0) {
    throw new ApiError(
      409,
      `This image is still used by ${uses.map((use) => use.label).join(", ")}. Choose another image there first.`,
    );
  }
  if (!uploadName.test(name)) throw new ApiError(404, unknownImageMessage);
  const actor = getActor(app.admin, app.clientIp);
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
}
