// Shared rules of the JSON API (DESIGN.md sections 6 and 7): one error shape, same-origin and
// JSON content-type checks on state-changing requests, bounded and validated JSON bodies.
import type { Logger } from "pino";
import type { z } from "zod";
import {
  answerDatabaseUnavailableJson,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/unavailable.server";

export type ApiErrorBody = { message: string; errors?: Record<string, string> };

/** Thrown by the guards below; route modules turn it into a JSON response. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: number,
    message: string,
    options: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
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
  options: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  const body: ApiErrorBody = options.errors ? { message, errors: options.errors } : { message };
  return Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store", ...options.headers },
  });
}

/**
 * Runs an API handler, answering ApiErrors as JSON and a database outage as a JSON 503 with
 * Retry-After (logged on one line when a logger is given); anything else is rethrown (a real 500).
 */
export async function handleApi(
  handler: () => Promise<Response>,
  logger?: Logger,
  request?: Request,
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof ApiError) {
      return jsonError(error.status, error.message, {
        errors: error.errors,
        headers: error.headers,
      });
    }
    if (isDatabaseUnavailable(error)) {
      if (logger) logDatabaseUnavailable(logger, error, request);
      return answerDatabaseUnavailableJson();
    }
    throw error;
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

/** Maps zod issues to { field: first message }, the API's `errors` shape. */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= issue.message;
  }
  return errors;
}

export const maxJsonBodyBytes = 1024 * 1024;

/**
 * Requires a JSON content type, as every state-changing API request must have (DESIGN.md section
 * 7): a cross-site HTML form cannot send one. For endpoints that take no body, like logout.
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
  assertJsonContentType(request);
  const text = await readBodyText(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON");
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = toFieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? "Invalid request", { errors });
  }
  return result.data;
}

async function readBodyText(request: Request, maxBytes: number): Promise<string> {
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
