// The media library's calls, through the one API client: the list of images (for pickers), an
// upload as a multipart form to POST /api/admin/images, and the deletion of an upload.
import { callApi, getJson } from "~/platform/api-client";

/** An image of the library as pickers show it; alt is its stored description, when it has one. */
export type PickableImage = { url: string; name: string; alt?: string };

export async function listImages(): Promise<PickableImage[]> {
  return (await getJson<{ images: PickableImage[] }>("/api/admin/images"))?.images ?? [];
}

export async function uploadImage(file: File): Promise<{ url: string; bytes: number }> {
  const form = new FormData();
  form.append("image", file);
  const answer = await callApi<{ image: { url: string; bytes: number } }>(
    "POST",
    "/api/admin/images",
    { form },
  );
  if (!answer) throw new Error("The server did not confirm the upload");
  return answer.image;
}

/** Deletes an uploaded image; the server refuses (409) while something uses it. */
export async function deleteImage(url: string): Promise<void> {
  const name = url.slice(url.lastIndexOf("/") + 1);
  await callApi("DELETE", `/api/admin/images/${encodeURIComponent(name)}`);
}
