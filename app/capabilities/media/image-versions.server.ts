// The site's own images (public/images) under names that carry a hash of their bytes, such as
// /images/articles/cloud.3f2a9c1b.svg, so browsers may keep them for a year: a changed image gets
// a new name. Hashed once at boot; the pages link the hashed names, the plain names still work.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import type { NextFunction, Request, Response } from "express";
import { uploadsUrlPath } from "./image-rules";

/** Plain address ("/images/a/b.svg") to hashed address ("/images/a/b.1a2b3c4d.svg"). */
const hashedUrls = new Map<string, string>();
/** Hashed address to the file on disk. */
const hashedFiles = new Map<string, string>();

/** Hashes every file below the client build's images folder (production only). */
export function loadImageVersions(clientDir: string): void {
  const root = join(clientDir, "images");
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true, encoding: "utf8" });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (/\.(br|gz)$/.test(entry)) continue;
    const file = join(root, entry);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue; // a folder
    }
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
    const url = `/images/${relative(root, file).split(sep).join("/")}`;
    const hashed = url.replace(/(\.[a-z0-9]+)$/i, `.${hash}$1`);
    hashedUrls.set(url, hashed);
    hashedFiles.set(hashed, file);
  }
}

/** The hashed address of one of the site's own images; any other address as it is. */
export function getVersionedImageUrl(url: string): string {
  return hashedUrls.get(url) ?? url;
}

/** Gives an entry's image its hashed address. */
export function withVersionedImage<T extends { imageUrl: string }>(entry: T): T {
  const imageUrl = getVersionedImageUrl(entry.imageUrl);
  return imageUrl === entry.imageUrl ? entry : { ...entry, imageUrl };
}

/** Serves hashed addresses with a year of immutable caching. */
export function serveVersionedImage(req: Request, res: Response, next: NextFunction) {
  const file = hashedFiles.get(req.path);
  if (!file || (req.method !== "GET" && req.method !== "HEAD")) return next();
  res.sendFile(file, { immutable: true, maxAge: "1y", dotfiles: "deny" }, (error) => {
    if (error && !res.headersSent) next(error);
  });
}

/**
 * The file on disk behind an image address the site serves: one of its own images (plain or
 * hashed name) or an upload. Undefined for any other address, or one that leaves its folder.
 */
export function findImageFile(url: string, uploadsDir: string): string | undefined {
  const hashed = hashedFiles.get(url);
  if (hashed) return hashed;
  const [folder, name] = url.startsWith(`${uploadsUrlPath}/`)
    ? [resolve(uploadsDir), url.slice(uploadsUrlPath.length + 1)]
    : url.startsWith("/images/")
      ? [
          ["build/client/images", "public/images"]
            .map((candidate) => resolve(candidate))
            .find((candidate) => existsSync(candidate)),
          url.slice("/images/".length),
        ]
      : [undefined, ""];
  if (!folder || !name) return undefined;
  const file = resolve(folder, name);
  return file.startsWith(`${folder}${sep}`) && existsSync(file) ? file : undefined;
}
