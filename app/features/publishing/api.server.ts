// The admin JSON API of articles and case studies, behind handleAdminApi: input sanitized then
// validated (400 with field messages), the store's refusals described for the one error mapper
// (400/404/409), the version in ETag / If-Match.
import { data } from "react-router";
import { sanitizeBlocks } from "~/capabilities/blocks/page-blocks";
import { sanitizeRichText } from "~/capabilities/rich-text/sanitize.server";
import type { AdminApiContext } from "~/capabilities/workspace/gate.server";
import { type Actor, getActor } from "~/platform/activity/activity.server";
import {
  ApiError,
  type DescribeError,
  readJsonBody,
  toValidationError,
} from "~/platform/http/api.server";
import { parseIfMatch } from "~/platform/http/if-match.server";
import { z } from "~/platform/zod";
import { kindTexts, parseCollection } from "./kind-texts";
import { findAddressConflict } from "./page-address";
import {
  articleInputSchema,
  caseStudyInputSchema,
  type PublicationInput,
  type PublicationKind,
  type PublicationRevision,
  pageInputSchema,
} from "./schema";
import type { StoredPublication } from "./store/rows.server";
import {
  PublicationConflictError,
  PublicationInputError,
  PublicationNotFoundError,
} from "./store/writes.server";

const inputSchemas = {
  article: articleInputSchema,
  "case-study": caseStudyInputSchema,
  page: pageInputSchema,
} satisfies Record<PublicationKind, z.ZodType>;

/** The kind an /api/admin/:collection address names; any other collection is a JSON 404. */
export function requireApiKind(collection: string | undefined): PublicationKind {
  const kind = parseCollection(collection);
  if (!kind) throw new ApiError(404, "Not found");
  return kind;
}

/** The kind an /admin/:collection page names; any other is the 404 page. */
export function requirePageKind(collection: string | undefined): PublicationKind {
  const kind = parseCollection(collection);
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

/** The admin behind an API request, as the store records it. */
export function toActor(app: AdminApiContext): Actor {
  return getActor(app.admin, app.clientIp);
}

/**
 * Reads an item's input: rich text is sanitized first, so the length limit applies to what is
 * stored, then the shared schema validates (400 with a message per field). A page's address must
 * be free of the site's routes (app.routes.firstSegments) and reserved prefixes.
 */
export async function readPublicationInput<K extends PublicationKind>(
  request: Request,
  kind: K,
  app: Pick<AdminApiContext, "routes">,
): Promise<PublicationInput[K]> {
  const raw = await readJsonBody(request, z.record(z.string(), z.unknown()));
  const body = typeof raw.body === "string" ? sanitizeRichText(raw.body) : raw.body;
  const blocks = sanitizeBlocks(raw.blocks, sanitizeRichText);
  const result = inputSchemas[kind].safeParse(
    kind === "page" ? { ...raw, blocks } : { ...raw, body },
  );
  if (!result.success) throw toValidationError(result.error.issues);
  if (kind === "page") {
    const conflict = findAddressConflict(result.data.slug, app.routes.firstSegments);
    if (conflict) throw new PublicationInputError({ slug: conflict });
  }
  return result.data as PublicationInput[K];
}

export function readExpectedVersion(request: Request): number | undefined {
  return parseIfMatch(request.headers.get("if-match"));
}

/** The store's refusals as the API's answers, for the collection an address names. */
export function describePublicationError(collection: string | undefined): DescribeError {
  const kind = parseCollection(collection);
  return (error) => {
    if (error instanceof PublicationInputError) {
      return { status: 400, message: error.message, errors: error.errors };
    }
    if (error instanceof PublicationConflictError) {
      return {
        status: 409,
        message:
          "Someone else changed this since you opened it. Reload to get the latest version, or save again to replace it with yours.",
        headers: { ETag: `"${error.currentVersion}"` },
      };
    }
    if (error instanceof PublicationNotFoundError) {
      return { status: 404, message: `${kind ? kindTexts[kind].singular : "Item"} not found` };
    }
    return undefined;
  };
}

/**
 * An item as the API answers it, its version in the ETag. A save's answer carries the item's
 * revisions too: the editor takes its new state from it instead of loading the page again.
 */
export function answerPublication<K extends PublicationKind>(
  item: StoredPublication<K>,
  init: { status?: number; message?: string; revisions?: PublicationRevision[] } = {},
): Response {
  return Response.json(
    { message: init.message, item, revisions: init.revisions },
    {
      status: init.status ?? 200,
      headers: { "Cache-Control": "no-store", ETag: `"${item.version}"` },
    },
  );
}
