// The Manage Images screen's upload call: the file as a multipart form to POST /api/admin/images.
import { ApiRequestError } from "~/lib/api-client";

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
