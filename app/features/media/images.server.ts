// The site's images (DESIGN.md: /images, the media library): uploads checked by their magic bytes
// and stored under random names, and the list of every image with where it is used.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { uploadsUrlPath } from "./image-rules";

export type ImageKind = "png" | "jpeg" | "webp";
const extensions: Record<ImageKind, string> = { png: "png", jpeg: "jpg", webp: "webp" };

/** What the file's first bytes say it is: only PNG, JPEG and WebP are recognised. */
export function detectImageKind(bytes: Uint8Array): ImageKind | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

/**
 * An upload being written: a dot name, which the library never lists and the static server
 * refuses (dotfiles: "deny"), so a half-written file is never seen under an image's address.
 */
const tempUploadName = /^\.upload-[a-f0-9]{32}\.tmp$/;
/** A temporary file this old is a crash's leftover, not an upload still being written. */
const staleTempUploadMs = 60 * 60 * 1000;

/** Space the disk does not have: the file system is full, or the user's quota is spent. */
export function isDiskFullError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

// Leftovers of a crash mid-write hold disk space that a full disk needs back; best effort only.
async function removeStaleTempUploads(uploadsDir: string): Promise<void> {
  try {
    const cutoff = Date.now() - staleTempUploadMs;
    for (const name of await readdir(uploadsDir)) {
      if (!tempUploadName.test(name)) continue;
      const path = join(uploadsDir, name);
      if ((await stat(path)).mtimeMs < cutoff) await rm(path, { force: true });
    }
  } catch {
    // A leftover that cannot be removed now is tried again at the next upload.
  }
}

// Makes the rename itself survive a power cut, so an upload answered 201 is never lost.
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Stores an upload under a random name (never the visitor's); answers its public address.
 * Written whole or not at all: into a temporary dot file, flushed to disk, then renamed; on any
 * failure (a full disk among them) nothing is left behind and the error is thrown on.
 */
export async function storeUploadedImage(
  uploadsDir: string,
  bytes: Uint8Array,
  kind: ImageKind,
): Promise<{ url: string; name: string }> {
  const id = randomBytes(16).toString("hex");
  const name = `${id}.${extensions[kind]}`;
  const tempPath = join(uploadsDir, `.upload-${id}.tmp`);
  const path = join(uploadsDir, name);
  let renamed = false;
  try {
    await mkdir(uploadsDir, { recursive: true });
    await removeStaleTempUploads(uploadsDir);
    const handle = await open(tempPath, "wx");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path);
    renamed = true;
    await syncFolder(uploadsDir);
  } catch (error) {
    await rm(renamed ? path : tempPath, { force: true }).catch(() => undefined);
    throw error;
  }
  return { url: `${uploadsUrlPath}/${name}`, name };
}

export type SiteImage = {
  url: string;
  name: string;
  bytes: number;
  uploaded: boolean;
  modifiedAt: string;
};

const imageFile = /\.(png|jpe?g|webp|gif|svg|avif)$/i;

async function listFolder(folder: string, urlPrefix: string, uploaded: boolean) {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const images: SiteImage[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !imageFile.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const relativePath = relative(folder, path).split(sep).join("/");
    // Dot names are uploads still being written (or a crash's leftovers), never served.
    if (relativePath.split("/").some((part) => part.startsWith("."))) continue;
    if (!uploaded && relativePath.startsWith("uploads/")) continue;
    const info = await stat(path).catch(() => undefined);
    if (!info) continue; // deleted since the folder was read
    images.push({
      url: `${urlPrefix}/${relativePath}`,
      name: relativePath,
      bytes: info.size,
      uploaded,
      modifiedAt: info.mtime.toISOString(),
    });
  }
  return images;
}

/**
 * The site's own images (public/images, copied to build/client/images by the build) and the
 * uploaded ones, newest uploads first.
 */
export async function listSiteImages(uploadsDir: string): Promise<SiteImage[]> {
  const bundled = ["build/client/images", "public/images"]
    .map((folder) => resolve(folder))
    .find((folder) => existsSync(folder));
  const [own, uploads] = await Promise.all([
    bundled ? listFolder(bundled, "/images", false) : [],
    listFolder(uploadsDir, uploadsUrlPath, true),
  ]);
  uploads.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt));
  own.sort((a, b) => a.name.localeCompare(b.name));
  return [...uploads, ...own];
}

/** An upload's file name as stored: random hex and an image extension, nothing else. */
export const uploadName = /^[a-f0-9]{32}\.(?:png|jpg|webp)$/;

/** Deletes one upload by its file name; false when there is no such upload. */
export async function deleteUploadedImage(uploadsDir: string, name: string): Promise<boolean> {
  if (!uploadName.test(name)) return false;
  try {
    await unlink(join(uploadsDir, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
