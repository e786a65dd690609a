// The Manage Images screen's calls: an upload as a multipart form to POST /api/admin/images, and
// the deletion of an upload.
import { ApiRequestError } from "~/platform/api-client";

export async function uploadImage(file: File): Promise<{ url: string; bytes: number }> {
  const form = new FormData();
  form.append("image", file);
  const response = await fetch("/api/admin/images", {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json" },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  return (JSON.parse(text) as { image: { url: string; bytes: number } }).image;
}

/** Deletes an uploaded image; the server refuses (409) while something uses it. */
export async function deleteImage(url: string): Promise<void> {
  const name = url.slice(url.lastIndexOf("/") + 1);
  const response = await fetch(`/api/admin/images/${encodeURIComponent(name)}`, {
    method: "DELETE",
    credentials: "include",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) {
    throw new ApiRequestError(response.status, response.statusText, await response.text());
  }
}
