// The uploaded images in the database: their rows (uploaded_images), found by the SHA-256 of the
// uploaded bytes, edited from the library and read for each cover's focal point; and their stored
// originals (image_blobs), content-addressed and shared between rows.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Selectable } from "kysely";
import type { Logger } from "pino";
import type { Db, UploadedImageTable } from "~/platform/db/tables.server";
import {
  type ImageEdit,
  type ImagePlacement,
  type LibraryImage,
  maxImageNameLength,
  toObjectPosition,
} from "./image-metadata";
import { type PreparedImage, prepareUploadedImage } from "./image-processing.server";
import { uploadsUrlPath } from "./image-rules";
import { describeImageSources } from "./image-variants";
import { detectImageKind, type ImageKind, listSiteImages, uploadName } from "./images.server";

export type ImageRecord = Selectable<UploadedImageTable>;

const contentTypes: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
};

export function hashImageBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The name a file was uploaded under, fit for display: its last path part (a browser may send
 * "C:\fakepath\..." or "../x"), no control characters, spaces collapsed, at most the name limit
 * with the extension kept; the stored name when nothing is left.
 */
export function cleanOriginalName(uploaded: string, storedName: string): string {
  const base = uploaded.split(/[/\\]/).pop() ?? "";
  // Tabs and line breaks become spaces; other control characters go.
  const clean = base
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
  if (!clean || clean === "." || clean === "..") return storedName;
  if (clean.length <= maxImageNameLength) return clean;
  const extension = /\.[a-z0-9]{1,5}$/i.exec(clean)?.[0] ?? "";
  return `${clean.slice(0, maxImageNameLength - extension.length).trimEnd()}${extension}`;
}

/**
 * The upload already stored with these bytes as uploaded, if any. A row without stored bytes (its
 * file was gone when the uploads folder was imported) is dropped, so the new upload is stored
 * instead of answered with it.
 */
export async function findImageByHash(db: Db, sha256: string): Promise<ImageRecord | undefined> {
  const rows = await db
    .selectFrom("uploaded_images")
    .selectAll()
    .where("sha256", "=", sha256)
    .orderBy("created_at")
    .execute();
  for (const row of rows) {
    if (row.blob_sha256 !== null) return row;
    await deleteImageRecord(db, row.name);
  }
  return undefined;
}

export async function findImageRecord(db: Db, name: string): Promise<ImageRecord | undefined> {
  return db.selectFrom("uploaded_images").selectAll().where("name", "=", name).executeTakeFirst();
}

/**
 * The bytes stored (and served) for an uploaded or imported image, with their kind and size: the
 * one place every original passes before it is stored.
 */
export async function prepareImageForStorage(bytes: Uint8Array): Promise<PreparedImage> {
  // Refusals (ImageRefusal) go on to the upload, which answers them, and to the boot import,
  // which skips the file.
  return prepareUploadedImage(bytes);
}

export type NewImageBlob = {
  bytes: Uint8Array;
  kind: ImageKind;
  width: number | null;
  height: number | null;
};

/**
 * Stores an original's bytes under their hash and answers it; bytes already stored (the same
 * picture uploaded under two names, or an import racing another instance's) are kept as they are.
 */
export async function storeImageBlob(db: Db, blob: NewImageBlob): Promise<string> {
  const sha256 = hashImageBytes(blob.bytes);
  await db
    .insertInto("image_blobs")
    .values({
      sha256,
      bytes: blob.bytes,
      content_type: contentTypes[blob.kind],
      byte_size: blob.bytes.length,
      width: blob.width,
      height: blob.height,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("sha256").doNothing())
    .execute();
  return sha256;
}

/** An upload's stored bytes by their hash; undefined when no row holds them. */
export async function readImageBlob(db: Db, sha256: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom("image_blobs")
    .select("bytes")
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  return row ? Uint8Array.from(row.bytes) : undefined;
}

export type NewImageRecord = {
  name: string;
  originalName: string;
  /** Hash of the bytes as uploaded: a second upload of the same file is found by it. */
  sha256: string;
  /** Hash of the bytes as stored (image_blobs). */
  blobSha256: string;
  kind: ImageKind;
  bytes: number;
  width: number | null;
  height: number | null;
  /** The file as uploaded, before it was scaled down on arrival. */
  original?: PreparedImage["original"];
  createdAt?: string;
};

/** Records an upload; a row already there for the name is kept (boot may race an upload). */
export async function insertImageRecord(db: Db, image: NewImageRecord): Promise<void> {
  await db
    .insertInto("uploaded_images")
    .values({
      name: image.name,
      original_name: image.originalName,
      sha256: image.sha256,
      blob_sha256: image.blobSha256,
      content_type: contentTypes[image.kind],
      byte_size: image.bytes,
      width: image.width,
      height: image.height,
      original_byte_size: image.original?.bytes ?? null,
      original_width: image.original?.width ?? null,
      original_height: image.original?.height ?? null,
      created_at: image.createdAt ?? new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

/** Saves an edit; undefined when no upload has that name. */
export async function updateImageRecord(
  db: Db,
  name: string,
  edit: ImageEdit,
): Promise<ImageRecord | undefined> {
  const changes = {
    ...(edit.originalName !== undefined ? { original_name: edit.originalName } : {}),
    ...(edit.alt !== undefined ? { alt: edit.alt } : {}),
    ...(edit.focalX !== undefined ? { focal_x: edit.focalX } : {}),
    ...(edit.focalY !== undefined ? { focal_y: edit.focalY } : {}),
  };
  await db.updateTable("uploaded_images").set(changes).where("name", "=", name).execute();
  return findImageRecord(db, name);
}

/**
 * Deletes an upload's row, and its stored bytes once no other row points at them; false when no
 * upload has that name. Run it in a transaction, so a concurrent upload of the same bytes either
 * sees the blob deleted or keeps it.
 */
export async function deleteImageRecord(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom("uploaded_images")
    .select("blob_sha256")
    .where("name", "=", name)
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom("uploaded_images").where("name", "=", name).execute();
  const blob = row.blob_sha256;
  if (blob !== null) {
    await db
      .deleteFrom("image_blobs")
      .where("sha256", "=", blob)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("uploaded_images").select("name").where("blob_sha256", "=", blob))),
      )
      .execute();
  }
  return true;
}

/** Every upload's row, by stored file name. */
export async function readImageRecords(db: Db): Promise<Map<string, ImageRecord>> {
  const rows = await db.selectFrom("uploaded_images").selectAll().execute();
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Imports the files of the uploads folder (where uploads were kept before they moved into the database, or an old
 * backup's) into the database: each gets its stored bytes and, when it has none, its row, whose
 * original name is then the stored one. Runs at boot; a file whose row already has its bytes is
 * not read again, so a second run does nothing.
 */
export async function importExistingUploads(
  db: Db,
  uploadsDir: string,
  logger?: Logger,
): Promise<number> {
  let files: string[];
  try {
    files = (await readdir(uploadsDir)).filter((file) => uploadName.test(file));
  } catch {
    return 0; // no uploads folder: nothing to import
  }
  const known = new Map(
    (await db.selectFrom("uploaded_images").select(["name", "blob_sha256"]).execute()).map(
      (row) => [row.name, row.blob_sha256],
    ),
  );
  let imported = 0;
  for (const name of files) {
    if (known.get(name)) continue;
    let bytes: Uint8Array;
    try {
      bytes = await readFile(join(uploadsDir, name));
    } catch {
      continue; // deleted meanwhile
    }
    const kind = detectImageKind(bytes);
    if (!kind) continue;
    const sha256 = hashImageBytes(bytes);
    // Served like uploads, so stored like them.
    let image: PreparedImage;
    try {
      image = await prepareImageForStorage(bytes);
    } catch (error) {
      logger?.warn({ err: error, file: name }, "an uploads folder file could not be imported");
      continue;
    }
    const stored = image.bytes;
    await db.transaction().execute(async (trx) => {
      const blobSha256 = await storeImageBlob(trx, image);
      if (known.has(name)) {
        await trx
          .updateTable("uploaded_images")
          // Upright now, so its width and height may have swapped.
          .set({
            blob_sha256: blobSha256,
            byte_size: stored.length,
            width: image.width,
            height: image.height,
          })
          .where("name", "=", name)
          .execute();
      } else {
        await insertImageRecord(trx, {
          name,
          originalName: name,
          sha256,
          blobSha256,
          kind,
          bytes: stored.length,
          width: image.width,
          height: image.height,
        });
      }
    });
    imported += 1;
  }
  if (imported > 0) logger?.info({ imported, uploadsDir }, "imported uploads into the database");
  return imported;
}

/**
 * Gives each entry its image's focal point as a CSS object-position and, for an upload of known
 * width, its <picture> sources (server-rendered, so public pages carry no code for either);
 * entries whose image has neither stay as they are.
 */
export async function withImagePositions<T extends { imageUrl: string }>(
  db: Db,
  entries: T[],
): Promise<Array<T & ImagePlacement>> {
  const names = entries
    .map((entry) => entry.imageUrl)
    .filter((url) => url.startsWith(`${uploadsUrlPath}/`))
    .map((url) => url.slice(uploadsUrlPath.length + 1));
  if (names.length === 0) return entries;
  const rows = await db
    .selectFrom("uploaded_images")
    .select(["name", "focal_x", "focal_y", "width"])
    .where("name", "in", [...new Set(names)])
    .execute();
  const placements = new Map(
    rows.map((row) => {
      const url = `${uploadsUrlPath}/${row.name}`;
      const placement: ImagePlacement = {
        imagePosition: toObjectPosition(Number(row.focal_x), Number(row.focal_y)),
        imageSources: describeImageSources(url, row.width === null ? null : Number(row.width)),
      };
      return [url, placement];
    }),
  );
  return entries.map((entry) => {
    const placement = placements.get(entry.imageUrl);
    if (!placement) return entry;
    const { imagePosition, imageSources } = placement;
    return {
      ...entry,
      ...(imagePosition ? { imagePosition } : {}),
      ...(imageSources ? { imageSources } : {}),
    };
  });
}

function toPixels(width: number | null, height: number | null) {
  return width === null || height === null ? {} : { width: Number(width), height: Number(height) };
}

/** An upload's row as the library and its API show it. */
export function toLibraryImage(row: ImageRecord): LibraryImage {
  return {
    url: `${uploadsUrlPath}/${row.name}`,
    name: row.name,
    originalName: row.original_name,
    alt: row.alt,
    focalX: Number(row.focal_x),
    focalY: Number(row.focal_y),
    bytes: Number(row.byte_size),
    ...toPixels(row.width, row.height),
    ...(row.original_byte_size === null
      ? {}
      : {
          original: {
            bytes: Number(row.original_byte_size),
            ...toPixels(row.original_width, row.original_height),
          },
        }),
    uploaded: true,
  };
}

/**
 * Every image of the library with what is known of it: uploads newest first with their names,
 * alt texts and focal points (from the database: every instance lists the same), then the site's
 * own images.
 */
export async function listLibraryImages(db: Db): Promise<LibraryImage[]> {
  const [rows, own] = await Promise.all([
    db
      .selectFrom("uploaded_images")
      .selectAll()
      .where("blob_sha256", "is not", null)
      .orderBy("created_at", "desc")
      .orderBy("name")
      .execute(),
    listSiteImages(),
  ]);
  return [
    ...rows.map(toLibraryImage),
    ...own.map((file) => ({
      url: file.url,
      name: file.name,
      originalName: file.name,
      alt: "",
      focalX: 0.5,
      focalY: 0.5,
      bytes: file.bytes,
      uploaded: false,
    })),
  ];
}
