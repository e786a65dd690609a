// The admin screens' calls to the publishing API: create, save (If-Match: the version loaded),
// delete and restore, through the one API client. Errors come back as ApiRequestError with the
// server's message and fields.
import { ApiRequestError, callApi } from "~/platform/api-client";
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
  page: "/api/admin/pages",
};

/** A call with the version loaded in If-Match, when there is one; its JSON answer. */
async function send<T>(
  method: string,
  path: string,
  body: unknown,
  version: number | undefined,
): Promise<T> {
  const answer = await callApi<T>(
    method,
    path,
    body === undefined ? undefined : { json: body },
    version === undefined ? undefined : { "If-Match": `"${version}"` },
  );
  if (answer === null) throw new Error("The server did not answer the call");
  return answer;
}

/** The field messages of a 400 answer, keyed like the form's fields. */
export function readFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? error.fieldErrors : {};
}

/** Creates (no id yet) or saves an item; a version makes the save fail with 409 when stale. */
export async function savePublication<K extends PublicationKind>(
  kind: K,
  id: string | undefined,
  input: PublicationInput[K],
  version: number | undefined,
): Promise<SaveAnswer<K>> {
  return id
    ? await send<SaveAnswer<K>>(
        "PUT",
        `${apiPaths[kind]}/${encodeURIComponent(id)}`,
        input,
        version,
      )
    : await send<SaveAnswer<K>>("POST", apiPaths[kind], input, undefined);
}

export async function deletePublication(
  kind: PublicationKind,
  id: string,
  version: number,
): Promise<void> {
  await send("DELETE", `${apiPaths[kind]}/${encodeURIComponent(id)}`, undefined, version);
}

export async function restoreRevision<K extends PublicationKind>(
  kind: K,
  id: string,
  revisionId: number,
  version: number | undefined,
): Promise<SaveAnswer<K>> {
  const path = `${apiPaths[kind]}/${encodeURIComponent(id)}/restore`;
  return send<SaveAnswer<K>>("POST", path, { revisionId }, version);
}
