// The admin screens' content calls: load the content with its version (the ETag of
// GET /api/content) and save a screen's sections with that version in If-Match.
import type { SiteContent } from "~/features/content/schema";
import { getJsonWithHeaders } from "~/platform/admin-api-client";
import { ApiRequestError, postJson } from "~/platform/api-client";
import type { FieldErrors } from "~/platform/field-errors";
import type { EditorSections } from "./form-model";
import { fromApiFieldErrors } from "./form-rules";

/** A screen's sections of the content and the version they were read at. */
export type LoadedSections<Sections> = { sections: Sections; version: number };
export type LoadedContent = LoadedSections<EditorSections>;

function readVersion(etag: string | null): number {
  const version = Number(/"(\d+)"/.exec(etag ?? "")?.[1]);
  if (!Number.isInteger(version)) throw new Error("The server did not say which version it sent");
  return version;
}

/** Loads the content and picks the sections one admin screen edits. */
export async function loadContentSections<Sections>(
  select: (content: SiteContent) => Sections,
): Promise<LoadedSections<Sections>> {
  const { data, headers } = await getJsonWithHeaders<SiteContent>("/api/content");
  return { sections: select(data), version: readVersion(headers.get("etag")) };
}

/** Saves the sections over the given version; answers the stored (sanitized) sections. */
export async function saveContentSections<Sections>(
  sections: Sections,
  version: number,
  select: (content: SiteContent) => Sections,
): Promise<LoadedSections<Sections>> {
  const answer = await postJson<{ version: number; content: SiteContent }>(
    "/api/content",
    { content: sections },
    { "If-Match": `"${version}"` },
  );
  if (!answer) throw new Error("The server did not confirm the save");
  return { sections: select(answer.content), version: answer.version };
}

/** The field errors of a 400 answer, keyed like the editor's fields. */
export function readSaveFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const errors = error.fieldErrors;
  return Object.keys(errors).length > 0 ? fromApiFieldErrors(errors) : undefined;
}
