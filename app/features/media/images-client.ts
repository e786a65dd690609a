// The Manage Images screen's calls, through the one API client: an upload as a multipart form to
// POST /api/admin/images, and the deletion of an upload.
import { callApi } from "~/platform/api-client";

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
