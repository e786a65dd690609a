// Rich text as a public page shows it: its uploaded images as <picture>s, their widths
// read from the library in one query per text. A failed read leaves the text as it was stored
// (and the page out of the cache).
import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";
import { markPageUncacheable } from "~/platform/page-cache/hints.server";
import { uploadsUrlPath } from "../media/image-rules";
import {
  type FigureSizes,
  type KnownImage,
  listUploadImages,
  renderMailImages,
  renderResponsiveImages,
} from "./responsive-html";

export type { FigureSizes };

/** The stored widths and heights of the uploads a text shows, by address. */
async function readKnownImages(db: Db, urls: string[]): Promise<Map<string, KnownImage>> {
  const rows = await db
    .selectFrom("uploaded_images")
    .select(["name", "width", "height"])
    .where(
      "name",
      "in",
      urls.map((url) => url.slice(uploadsUrlPath.length + 1)),
    )
    .execute();
  const images = new Map<string, KnownImage>();
  for (const row of rows) {
    if (row.width === null) continue;
    images.set(`${uploadsUrlPath}/${row.name}`, {
      width: Number(row.width),
      height: row.height === null ? null : Number(row.height),
    });
  }
  return images;
}

export async function withResponsiveImages(
  db: Db,
  logger: Logger,
  html: string,
  sizes: FigureSizes,
): Promise<string> {
  const urls = listUploadImages(html);
  if (urls.length === 0) return html;
  try {
    return renderResponsiveImages(html, await readKnownImages(db, urls), sizes);
  } catch (error) {
    // The images still show, at their full size: the page is not worth failing for.
    logger.warn({ err: error }, "Failed to read the widths of a text's images");
    markPageUncacheable();
    return html;
  }
}

/**
 * Rich text as a newsletter mails it: its uploads as JPEG or PNG copies sized for a mail column
 * (a mailbox gets a few hundred KB, not the originals). Throws when the database cannot be read.
 */
export async function withMailImages(db: Db, html: string): Promise<string> {
  const urls = listUploadImages(html);
  if (urls.length === 0) return html;
  return renderMailImages(html, await readKnownImages(db, urls));
}
