// Saving edited content: the sections given are sanitized and replace the
// stored ones as a new revision; an If-Match naming an older version is refused with a 409.

import { type AdminRole, ownerOnlyMessage } from "~/platform/admin-roles";
import type { Db } from "~/platform/db/tables.server";
import { toFieldErrors } from "~/platform/field-errors";
import { ApiError } from "~/platform/http/api.server";
import {
  ContentConflictError,
  type ContentRevision,
  OwnerOnlySectionError,
  saveContent,
} from "./content-store.server";
import { sanitizeContentSections } from "./sanitize-content.server";
import { contentSchema, type SiteContent } from "./schema";

export const contentConflictMessage =
  "The content was changed by someone else since you loaded it. Reload to get the latest version, or save again to replace it with yours.";

export async function saveEditedContent(
  db: Db,
  sections: Partial<SiteContent>,
  options: {
    expectedVersion: number | undefined;
    author: string;
    role: AdminRole;
    onSaved?: (trx: Db, revision: ContentRevision) => Promise<void>;
  },
): Promise<ContentRevision> {
  // Sanitize first, then validate: sanitizing can lengthen text ("<p>" becomes "<p></p>"), and
  // what is stored must still fit the schema. A section that no longer fits is the client's 400.
  const sanitized = sanitizeContentSections(sections);
  const checked = contentSchema.partial().safeParse(sanitized);
  if (!checked.success) {
    const errors = toFieldErrors(checked.error.issues);
    const [field, message] = Object.entries(errors)[0] ?? ["content", "is not valid"];
    throw new ApiError(400, `${field}: ${message} (after removing markup the editor cannot keep)`, {
      errors,
    });
  }
  try {
    return await saveContent(db, sanitized, options);
  } catch (error) {
    if (error instanceof ContentConflictError) {
      throw new ApiError(409, contentConflictMessage, {
        headers: { ETag: `"${error.currentVersion}"` },
      });
    }
    if (error instanceof OwnerOnlySectionError) throw new ApiError(403, ownerOnlyMessage);
    throw error;
  }
}
