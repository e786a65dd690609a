// The media library's upload as the tests make it: one file in a multipart POST to
// /api/admin/images, from the site's own origin unless a test says otherwise.

export type ImageFile = { bytes: Uint8Array; name: string; type: string };

/** Posts the file as the library does; answers the server's response as it is. */
export function postImage(
  siteUrl: string,
  file: ImageFile,
  { cookie, origin = siteUrl }: { cookie?: string | undefined; origin?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append("image", new Blob([Uint8Array.from(file.bytes)], { type: file.type }), file.name);
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  return fetch(`${siteUrl}/api/admin/images`, { method: "POST", body: form, headers });
}

/** Uploads a file that must be stored (201); answers its address, /images/uploads/<id>.<ext>. */
export async function uploadImage(siteUrl: string, cookie: string, file: ImageFile) {
  const response = await postImage(siteUrl, file, { cookie });
  if (response.status !== 201) {
    throw new Error(`upload of ${file.name}: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { image: { url: string } }).image.url;
}
