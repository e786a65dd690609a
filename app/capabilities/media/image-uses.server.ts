// Where each image is used: the media library shows it and refuses to delete an image in use. An
// extension point by design: media asks its users (content, publishing) through the readers each
// adds at boot (server/boot.server.ts).
import type { Db } from "~/platform/db/tables.server";

export type ImageUse = { url: string; label: string; href: string };
export type ImageUseReader = (db: Db) => Promise<ImageUse[]>;

const readers = new Set<ImageUseReader>();

export function addImageUseReader(reader: ImageUseReader): void {
  readers.add(reader);
}

/** Every use of every image, each named once. */
export async function listAllImageUses(db: Db): Promise<ImageUse[]> {
  const uses = (await Promise.all([...readers].map((read) => read(db)))).flat();
  const seen = new Set<string>();
  return uses.filter((use) => {
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
