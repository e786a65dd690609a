// Where each image is used: articles and case studies whatever their status (a draft's cover is in
// use too) and the site content document. The media library shows it and refuses to delete an
// image in use.
import { readContent } from "~/server/content-store.server";
import type { Db } from "~/server/db/tables.server";
import { type ImageUse, listImageUses } from "./store.server";

export async function listAllImageUses(db: Db): Promise<ImageUse[]> {
  const [uses, { content }] = await Promise.all([listImageUses(db), readContent(db)]);
  const document = JSON.stringify(content);
  // The content has no image fields today; any text that names an image still counts as a use.
  const inContent = [...document.matchAll(/\/images\/[\w./-]+/g)].map(([url]) => ({
    url,
    label: "Site content",
    href: "/content",
  }));
  const seen = new Set<string>();
  return [...uses, ...inContent].filter((use) => {
    const key = `${use.url} ${use.href}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The uses of one image. */
export async function findImageUses(db: Db, url: string): Promise<ImageUse[]> {
  return (await listAllImageUses(db)).filter((use) => use.url === url);
}
