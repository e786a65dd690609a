// The admin screens' calls to the publishing API: create, save (If-Match: the version loaded),
// delete and restore. Errors come back as ApiRequestError with the server's message and fields.
import { ApiRequestError } from "~/platform/api-client";
import type {
  PublicationInput,
  PublicationKind,
  PublicationRecord,
  PublicationRevision,
  PublicationState,
} from "./schema";

export type SavedItem<K extends PublicationKind> = PublicationState & {
  record: PublicationRecord[K];
};

/** A save's (or restore's) answer: the item as stored now and its revisions, newest first. */
export type SaveAnswer<K extends PublicationKind> = {
  item: SavedItem<K>;
  revisions: PublicationRevision[];
};

const apiPaths: Record<PublicationKind, string> = {
  article: "/api/admin/articles",
  "case-study": "/api/admin/case-studies",
};

async function send<T>(
  method: string,
  path: string,
  body: unknown,
  version: number | undefined,
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (version !== undefined) headers["If-Match"] = `"${version}"`;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  return JSON.parse(text) as T;
}

/** The field messages of a 400 answer, keyed like the form's fields. */
export function readFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  try {
    return (JSON.parse(error.body) as { errors?: Record<string, string> }).errors ?? {};
  } catch {
    return {};
  }
}

/** Creates (no id yet) or saves an item; a version makes the save fail with 409 when stale. */
export async function savePublication<K extends PublicationKind>(
  kind: K,
  id: string | undefined,
  input: PublicationInput[K],
  version: number | undefined,
): Promise<SaveAnswer<K>> {
  return id
    ? await send<SaveAnswer<K>>("PUT", `${apiPaths[kind]}/${id}`, input, version)
    : await send<SaveAnswer<K>>("POST", apiPaths[kind], input, undefined);
}

export async function deletePublication(
  kind: PublicationKind,
  id: string,
  version: number,
): Promise<void> {
  await send("DELETE", `${apiPaths[kind]}/${id}`, undefined, version);
}

export async function restoreRevision<K extends PublicationKind>(
  kind: K,
  id: string,
  revisionId: number,
  version: number | undefined,
): Promise<SaveAnswer<K>> {
  return send<SaveAnswer<K>>("POST", `${apiPaths[kind]}/${id}/restore`, { revisionId }, version);
}
