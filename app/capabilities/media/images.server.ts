// The site's images (docs/architecture.md: /images, the media library): uploads checked by their magic bytes
// and named at random, and the site's own images (public/images) the library lists after them.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";

export type ImageKind = "png" | "jpeg" | "webp" | "svg";
/** The kinds that are pictures (pixels), as opposed to an SVG drawing. */
export type PictureKind = Exclude<ImageKind, "svg">;
/** The extension of an upload's name (and address) for each kind. */
export const imageExtensions: Record<ImageKind, string> = {
  png: "png",
  jpeg: "jpg",
  webp: "webp",
  svg: "svg",
};

/** Whether text bytes open an <svg> element (after an XML prologue, comments or a DOCTYPE). */
export function isSvgText(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

/** What a picture file's first bytes say it is: PNG, JPEG or WebP (SVG is text: isSvgText). */
export function detectImageKind(bytes: Uint8Array): PictureKind | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

/** A new upload's name: random (never the visitor's, never reused) and its kind's extension. */
export function createUploadName(kind: ImageKind): string {
  return `${randomBytes(16).toString("hex")}.${imageExtensions[kind]}`;
}

export type SiteImage = {
  url: string;
  name: string;
  bytes: number;
};

const imageFile = /\.(png|jpe?g|webp|gif|svg|avif)$/i;

async function listFolder(folder: string, urlPrefix: string) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const images: SiteImage[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !imageFile.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const relativePath = relative(folder, path).split(sep).join("/");
    if (relativePath.split("/").some((part) => part.startsWith("."))) continue;
    // Uploads live in the database; a folder of that name here is not the site's own.
    if (relativePath.startsWith("uploads/")) continue;
    const info = await stat(path).catch(() => undefined);
    if (!info) continue; // deleted since the folder was read
    images.push({ url: `${urlPrefix}/${relativePath}`, name: relativePath, bytes: info.size });
  }
  return images;
}

/** The site's own images (public/images, copied to build/client/images by the build), by name. */
export async function listSiteImages(): Promise<SiteImage[]> {
  const bundled = ["build/client/images", "public/images"]
    .map((folder) => resolve(folder))
    .find((folder) => existsSync(folder));
  const own = bundled ? await listFolder(bundled, "/images") : [];
  return own.sort((a, b) => a.name.localeCompare(b.name));
}

/** An upload's file name as stored: random hex and an image extension, nothing else. */
export const uploadName = /^[a-f0-9]{32}\.(?:png|jpg|webp|svg)$/;
