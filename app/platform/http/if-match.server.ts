// The version an editor's save says it was made on (If-Match), for the optimistic check every
// save API makes: the content's and each publication's.
import { ApiError } from "./api.server";

/** The version an If-Match header names: undefined when absent or "*" (no check). */
export function parseIfMatch(header: string | null): number | undefined {
  if (header === null || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(header);
  if (!match) {
    throw new ApiError(400, 'If-Match must be the ETag of the content you loaded, such as "12"');
  }
  return Number(match[1]);
}
