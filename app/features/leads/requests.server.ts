// Reading lead submissions off the wire: JSON for the API, plain form posts for the pages that
// work without JavaScript. Both are capped well below the site-wide limit: a message is small.
import { z } from "zod";
import { readFormShownCookie } from "~/platform/form-cookie.server";
import { ApiError, readJsonBody } from "~/platform/http/api.server";
import type { SenderInfo } from "./contact-messages.server";
import { toFieldErrors } from "./field-errors";
import { type LeadOutcome, LeadsUnavailableError } from "./outcome.server";

export const maxLeadBodyBytes = 16 * 1024;

type LeadSchema<Output> = {
  safeParse(value: unknown):
    | { success: true; data: Output }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
      };
};

export type Validation<Output> =
  | { ok: true; data: Output }
  | { ok: false; message: string; errors: Record<string, string> };

export function validateLead<Output>(
  schema: LeadSchema<Output>,
  value: unknown,
): Validation<Output> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const errors = toFieldErrors(result.error.issues);
  return { ok: false, message: Object.values(errors)[0] ?? "Invalid request", errors };
}

/** A JSON body, validated; bad input becomes a 400, 413 or 415 ApiError. */
export async function readLeadJson<Output>(
  request: Request,
  schema: LeadSchema<Output>,
): Promise<Output> {
  const body = await readJsonBody(request, z.unknown(), maxLeadBodyBytes);
  const result = validateLead(schema, body);
  if (!result.ok) throw new ApiError(400, result.message, { errors: result.errors });
  return result.data;
}

export class FormTooLargeError extends Error {
  override name = "FormTooLargeError";
}

/** A plain form post's text fields; throws FormTooLargeError beyond the cap. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  // The HTTP server insists on a Content-Length for bodies, so the declared size is the size.
  if (Number(request.headers.get("content-length") ?? 0) > maxLeadBodyBytes) {
    throw new FormTooLargeError("The form is too large");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

export function getSenderInfo(request: Request, clientIp: string): SenderInfo {
  return {
    clientIp,
    userAgent: request.headers.get("user-agent"),
    formShownCookie: readFormShownCookie(request.headers.get("cookie")),
  };
}

/** The API's answer to an outcome: a bot is told it worked, exactly like a person. */
export function answerLeadOutcome(
  outcome: LeadOutcome,
  successMessage: string,
  successStatus: number,
): Response {
  if (outcome.kind === "rate-limited") {
    throw new ApiError(429, outcome.message, {
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  return Response.json(
    { message: successMessage },
    { status: successStatus, headers: { "Cache-Control": "no-store" } },
  );
}

/** Runs a lead operation, turning a database outage into a 503 the form can show. */
export async function runLeadOperation(
  operation: () => Promise<LeadOutcome>,
): Promise<LeadOutcome> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof LeadsUnavailableError) {
      throw new ApiError(503, error.message, { headers: { "Retry-After": "60" } });
    }
    throw error;
  }
}

/** GET and friends on a POST-only endpoint. */
export function answerMethodNotAllowed(): Response {
  return Response.json(
    { message: "Use POST to send this form" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
