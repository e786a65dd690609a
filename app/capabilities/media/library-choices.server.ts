// The media library as an image field offers it: each image's address, name, description and
// focal point.
import type { Db } from "~/platform/db/tables.server";
import type { LibraryChoice } from "./cover-image-field";
import { toObjectPosition } from "./image-metadata";
import { listLibraryImages } from "./image-records.server";

export async function listLibraryChoices(db: Db): Promise<LibraryChoice[]> {
  const images = await listLibraryImages(db);
  return images.map(({ url, originalName, alt, focalX, focalY }) => ({
    url,
    name: originalName,
    alt,
    position: toObjectPosition(focalX, focalY),
  }));
}
