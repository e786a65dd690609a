// Shared rules of the JSON API: one error shape and the one error
// mapper, same-origin and JSON content-type checks on state-changing requests, bounded and
// validated JSON bodies.
import type { Logger } from "pino";
import type { z } from "zod";
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/unavailable.server";
import { type FieldErrors, toFieldErrors } from "~/platform/field-errors";

export type ApiErrorBody = { message: string; errors?: FieldErrors };

/** Why a request was refused: what the JSON API answers, and what a form shows. */
export type Failure = {
  status: number;
  message: string;
  errors?: FieldErrors | undefined;
  headers?: Record<string, string> | undefined;
};

/** A feature's own refusals (its store's errors, say) as failures; undefined for the others. */
export type DescribeError = (error: unknown) => Failure | undefined;

/** Thrown by the guards below and by features; the one error mapper turns it into an answer. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: number,
    message: string,
    options: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export function jsonError(
  status: number,
  message: string,
  options: { errors?: FieldErrors | undefined; headers?: Record<string, string> | undefined } = {},
): Response {
  const body: ApiErrorBody = options.errors ? { message, errors: options.errors } : { message };
  return Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store", ...options.headers },
  });
}

export type FailureOptions = {
  /** The feature's refusals, read before a database outage (they may wrap one). */
  describeError?: DescribeError | undefined;
  logger?: Logger | undefined;
  request?: Request | undefined;
};

/**
 * The one error mapper of the site's answers (JSON endpoints and form posts alike): an ApiError
 * is its own answer, then the feature's refusals, then a database outage is a 503 with
 * Retry-After (logged on one line when a logger is given). Anything else is rethrown: a real 500.
 */
export function toFailure(error: unknown, options: FailureOptions = {}): Failure {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      message: error.message,
      errors: error.errors,
      headers: error.headers,
    };
  }
  const described = options.describeError?.(error);
  if (described) return described;
  if (isDatabaseUnavailable(error)) {
    if (options.logger) logDatabaseUnavailable(options.logger, error, options.request);
    return {
      status: 503,
      message: databaseUnavailableMessage,
      headers: { "Retry-After": String(databaseRetryAfterSeconds) },
    };
  }
  throw error;
}

/** Runs an API handler, answering whatever it throws through the one error mapper, as JSON. */
export async function handleApi(
  handler: () => Promise<Response>,
  options: FailureOptions = {},
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    const failure = toFailure(error, options);
    return jsonError(failure.status, failure.message, failure);
  }
}

/**
 * Refuses cross-site requests: the Origin (or, without one, Sec-Fetch-Site) must say the request
 * comes from this site. siteUrl's origin and the request's own origin both count as this site.
 */
export function assertSameOrigin(request: Request, siteUrl: string): void {
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(siteUrl).origin, new URL(request.url).origin]);
    if (allowed.has(origin)) return;
    throw new ApiError(403, "Cross-site request refused");
  }
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new ApiError(403, "Cross-site request refused");
  }
  if (!fetchSite) throw new ApiError(403, "Cross-site request refused: the request has no Origin");
}

/** A screen's form post: its fields, or why it was refused (a cross-site post: 403). */
export type SameOriginForm = { fields: Record<string, FormDataEntryValue> } | { refused: ApiError };

/**
 * Reads a screen's form post when it comes from this site; a cross-site one is refused, for the
 * screen to say so in its own notice. An unreadable body reads as no fields.
 */
export async function readSameOriginForm(
  request: Request,
  siteUrl: string,
): Promise<SameOriginForm> {
  try {
    assertSameOrigin(request, siteUrl);
  } catch (error) {
    if (error instanceof ApiError) return { refused: error };
    throw error;
  }
  return { fields: Object.fromEntries(await request.formData().catch(() => new FormData())) };
}

export const maxJsonBodyBytes = 1024 * 1024;

/**
 * Requires a JSON content type, as every state-changing API request must have: a cross-site HTML form cannot send one. For endpoints that take no body, like logout.
 */
export function assertJsonContentType(request: Request): void {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "Send the request body as JSON (Content-Type: application/json)");
  }
}

/**
 * Reads a JSON body (JSON content type required, size capped) and validates it with schema.
 * Bad input becomes an ApiError: 415 wrong type, 413 too large, 400 malformed or invalid.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes = maxJsonBodyBytes,
): Promise<z.infer<Schema>> {
  const result = schema.safeParse(await readJsonValue(request, maxBytes));
  if (!result.success) throw toValidationError(result.error.issues);
  return result.data;
}

/** A JSON body as parsed, not yet validated: 415 wrong type, 413 too large, 400 malformed. */
export async function readJsonValue(
  request: Request,
  maxBytes = maxJsonBodyBytes,
): Promise<unknown> {
  assertJsonContentType(request);
  const text = await readBodyText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON");
  }
}

/** Invalid input as the 400 every endpoint and form answers: the first message, and each field's. */
export function toValidationError(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): ApiError {
  const errors = toFieldErrors(issues);
  return new ApiError(400, Object.values(errors)[0] ?? "Invalid request", { errors });
}

/** A body as text, capped at maxBytes as it streams in (413 beyond). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new ApiError(413, "The request is too large");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError(413, "The request is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
