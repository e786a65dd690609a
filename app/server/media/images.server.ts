// The site's images (DESIGN.md: /images, the media library): uploads checked by their magic bytes
// and stored under random names, and the list of every image with where it is used.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Config } from "~/server/config.server";

export type ImageKind = "png" | "jpeg" | "webp";
const extensions: Record<ImageKind, string> = { png: "png", jpeg: "jpg", webp: "webp" };

/** The path under which uploads are served; server/app.ts serves the uploads folder there. */
export const uploadsUrlPath = "/images/uploads";

/** The folder uploads are stored in: UPLOADS_DIR, else uploads/ next to the SQLite file. */
export function getUploadsDir(config: Pick<Config, "UPLOADS_DIR" | "DATABASE_URL">): string {
  if (config.UPLOADS_DIR) return resolve(config.UPLOADS_DIR);
  const sqlitePath = /^file:(.+)$/.exec(config.DATABASE_URL)?.[1];
  return sqlitePath ? resolve(dirname(sqlitePath), "uploads") : resolve("data", "uploads");
}

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

/** Stores an upload under a random name (never the visitor's); answers its public address. */
export async function storeUploadedImage(
  uploadsDir: string,
  bytes: Uint8Array,
  kind: ImageKind,
): Promise<{ url: string; name: string }> {
  await mkdir(uploadsDir, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.${extensions[kind]}`;
  await writeFile(join(uploadsDir, name), bytes, { flag: "wx" });
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
    if (!uploaded && relativePath.startsWith("uploads/")) continue;
    const info = await stat(path);
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
const uploadName = /^[a-f0-9]{32}\.(?:png|jpg|webp)$/;

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
