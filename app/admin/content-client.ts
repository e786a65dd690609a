// The content editor's calls (spec section 7): load the content with its version (the ETag of
// GET /api/content) and save the editor's sections with that version in If-Match.
import type { SiteContent } from "~/content/schema";
import { ApiRequestError, getJsonWithHeaders, postJson } from "~/lib/api-client";
import type { FieldErrors } from "~/lib/field-errors";
import { type EditorSections, fromApiFieldErrors, toEditorSections } from "./editor-model";

export type LoadedContent = { sections: EditorSections; version: number };

function readVersion(etag: string | null): number {
  const version = Number(/"(\d+)"/.exec(etag ?? "")?.[1]);
  if (!Number.isInteger(version)) throw new Error("The server did not say which version it sent");
  return version;
}

export async function loadEditorContent(): Promise<LoadedContent> {
  const { data, headers } = await getJsonWithHeaders<SiteContent>("/api/content");
  return { sections: toEditorSections(data), version: readVersion(headers.get("etag")) };
}

/** Saves the sections over the given version; answers the stored (sanitized) content. */
export async function saveEditorContent(
  sections: EditorSections,
  version: number,
): Promise<LoadedContent> {
  const answer = await postJson<{ version: number; content: SiteContent }>(
    "/api/content",
    { content: sections },
    { "If-Match": `"${version}"` },
  );
  if (!answer) throw new Error("The server did not confirm the save");
  return { sections: toEditorSections(answer.content), version: answer.version };
}

/** The field errors of a 400 answer, keyed like the editor's fields. */
export function readSaveFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  try {
    const body = JSON.parse(error.body) as { errors?: Record<string, string> };
    return body.errors ? fromApiFieldErrors(body.errors) : undefined;
  } catch {
    return undefined;
  }
}
