// The admin screens' side of the browser's API client: reads that parse JSON, and the admin_token
// kept for the Bearer header. Apart from api-client so public pages, whose forms only post, do not
// load them.
import { ApiRequestError, adminTokenKey, send } from "~/platform/api-client";

/** GET and parse JSON; with nullOn401, a 401 answers null instead of throwing. */
export async function getJson<T>(
  path: string,
  options: { nullOn401?: boolean } = {},
): Promise<T | null> {
  try {
    return (await (await send("GET", path)).json()) as T;
  } catch (error) {
    if (options.nullOn401 && error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** GET and parse JSON, with the answer's headers (the content's version is in its ETag). */
export async function getJsonWithHeaders<T>(path: string): Promise<{ data: T; headers: Headers }> {
  const response = await send("GET", path);
  return { data: (await response.json()) as T, headers: response.headers };
}

export function storeAdminToken(token: string | undefined): void {
  try {
    if (token) window.localStorage.setItem(adminTokenKey, token);
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the session.
  }
}

export function clearAdminToken(): void {
  try {
    window.localStorage.removeItem(adminTokenKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
