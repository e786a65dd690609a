// The media library's calls through the one API client: list the images, upload one (a multipart
// POST /api/admin/images; the same file again answers the image already there), edit an upload's
// name, alt text or focal point, delete it.
import { getJson } from "~/platform/admin-api-client";
import { callApi } from "~/platform/api-client";
import type { ImageEdit, LibraryImage } from "./image-metadata";

export async function listImages(): Promise<LibraryImage[]> {
  return (await getJson<{ images: LibraryImage[] }>("/api/admin/images"))?.images ?? [];
}

export type UploadAnswer = { duplicate: boolean; image: LibraryImage };

export async function uploadImage(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append("image", file);
  const answer = await callApi<UploadAnswer>("POST", "/api/admin/images", { form });
  if (!answer) throw new Error("The server did not confirm the upload");
  return answer;
}

function toApiPath(url: string): string {
  return `/api/admin/images/${encodeURIComponent(url.slice(url.lastIndexOf("/") + 1))}`;
}

/** Saves a new name, alt text or focal point of an upload; answers the saved image. */
export async function updateImage(url: string, edit: ImageEdit): Promise<LibraryImage> {
  const answer = await callApi<{ image: LibraryImage }>("PATCH", toApiPath(url), { json: edit });
  if (!answer) throw new Error("The server did not confirm the change");
  return answer.image;
}

/** Deletes an uploaded image; the server refuses (409) while something uses it. */
export async function deleteImage(url: string): Promise<void> {
  await callApi("DELETE", toApiPath(url));
}
