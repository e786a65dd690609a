// The uploaded images' metadata rows (table uploaded_images, issue 17): written with each upload,
// found by the SHA-256 of the bytes (a second upload of the same file answers the first), edited
// from the library, and read by the public pages for each cover's focal point.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Selectable } from "kysely";
import type { Logger } from "pino";
import type { Db, UploadedImageTable } from "~/platform/db/tables.server";
import { readImageDimensions } from "./image-dimensions.server";
import {
  type ImageEdit,
  type ImagePlacement,
  type LibraryImage,
  maxImageNameLength,
  toObjectPosition,
} from "./image-metadata";
import { uploadsUrlPath } from "./image-rules";
import { describeImageSources } from "./image-variants";
import { detectImageKind, type ImageKind, listSiteImages, uploadName } from "./images.server";

export type ImageRecord = Selectable<UploadedImageTable>;

const contentTypes: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
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
 * The upload already stored with these bytes, if any. A row whose file is gone (removed by hand
 * from the uploads folder) is dropped, so the new upload is stored instead of answered with it.
 */
export async function findImageByHash(
  db: Db,
  uploadsDir: string,
  sha256: string,
): Promise<ImageRecord | undefined> {
  const rows = await db
    .selectFrom("uploaded_images")
    .selectAll()
    .where("sha256", "=", sha256)
    .orderBy("created_at")
    .execute();
  for (const row of rows) {
    if (await isFile(join(uploadsDir, row.name))) return row;
    await deleteImageRecord(db, row.name);
  }
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function findImageRecord(db: Db, name: string): Promise<ImageRecord | undefined> {
  return db.selectFrom("uploaded_images").selectAll().where("name", "=", name).executeTakeFirst();
}

export type NewImageRecord = {
  name: string;
  originalName: string;
  sha256: string;
  kind: ImageKind;
  bytes: number;
  width: number | null;
  height: number | null;
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
      content_type: contentTypes[image.kind],
      byte_size: image.bytes,
      width: image.width,
      height: image.height,
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

export async function deleteImageRecord(db: Db, name: string): Promise<void> {
  await db.deleteFrom("uploaded_images").where("name", "=", name).execute();
}

/** Every upload's row, by stored file name. */
export async function readImageRecords(db: Db): Promise<Map<string, ImageRecord>> {
  const rows = await db.selectFrom("uploaded_images").selectAll().execute();
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Gives every upload made before this table existed (or copied into the folder by hand) its row,
 * with its hash and size; its original name is unknown, so it is the stored one. Runs at boot;
 * a file that already has a row is not read again, so a second run does nothing.
 */
export async function registerExistingUploads(
  db: Db,
  uploadsDir: string,
  logger?: Logger,
): Promise<number> {
  let files: string[];
  try {
    files = (await readdir(uploadsDir)).filter((file) => uploadName.test(file));
  } catch {
    return 0; // no uploads folder yet: nothing uploaded
  }
  const known = new Set(
    (await db.selectFrom("uploaded_images").select("name").execute()).map((row) => row.name),
  );
  let registered = 0;
  for (const name of files) {
    if (known.has(name)) continue;
    let bytes: Uint8Array;
    try {
      bytes = await readFile(join(uploadsDir, name));
    } catch {
      continue; // deleted meanwhile
    }
    const kind = detectImageKind(bytes);
    if (!kind) continue;
    const dimensions = readImageDimensions(bytes, kind);
    await insertImageRecord(db, {
      name,
      originalName: name,
      sha256: hashImageBytes(bytes),
      kind,
      bytes: bytes.length,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    });
    registered += 1;
  }
  if (registered > 0) logger?.info({ registered }, "registered existing uploads in the library");
  return registered;
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
    uploaded: true,
  };
}

/**
 * Every image of the library with what is known of it: uploads newest first with their names,
 * alt texts and focal points, then the site's own images.
 */
export async function listLibraryImages(db: Db, uploadsDir: string): Promise<LibraryImage[]> {
  const [files, records] = await Promise.all([listSiteImages(uploadsDir), readImageRecords(db)]);
  return files.map((file) => {
    const record = file.uploaded ? records.get(file.name) : undefined;
    if (record) return toLibraryImage(record);
    return {
      url: file.url,
      name: file.name,
      originalName: file.name,
      alt: "",
      focalX: 0.5,
      focalY: 0.5,
      bytes: file.bytes,
      uploaded: file.uploaded,
    };
  });
}
