// Saving edited content (DESIGN.md section 6): the sections given are sanitized and replace the
// stored ones as a new revision; an If-Match naming an older version is refused with a 409.
import type { SiteContent } from "~/content/schema";
import { ContentConflictError, type ContentRevision, saveContent } from "./content-store.server";
import type { Db } from "./db/tables.server";
import { ApiError } from "./http.server";
import { sanitizeContentSections } from "./sanitize.server";

export const contentConflictMessage =
  "The content was changed by someone else since you loaded it. Reload to get the latest version, or save again to replace it with yours.";

/** The content version an If-Match header names: undefined when absent or "*" (no check). */
export function parseIfMatch(header: string | null): number | undefined {
  if (header === null || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(header);
  if (!match) {
    throw new ApiError(400, 'If-Match must be the ETag of the content you loaded, such as "12"');
  }
  return Number(match[1]);
}

export async function saveEditedContent(
  db: Db,
  sections: Partial<SiteContent>,
  options: {
    expectedVersion: number | undefined;
    author: string;
    onSaved?: (trx: Db, revision: ContentRevision) => Promise<void>;
  },
): Promise<ContentRevision> {
  try {
    return await saveContent(db, sanitizeContentSections(sections), options);
  } catch (error) {
    if (error instanceof ContentConflictError) {
      throw new ApiError(409, contentConflictMessage, {
        headers: { ETag: `"${error.currentVersion}"` },
      });
    }
    throw error;
  }
}
