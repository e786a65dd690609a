// The browser's one way to call the site's JSON API: cookies always sent, a Bearer token when
// admin_token is stored, JSON writes (or a multipart upload), and one error rule for non-OK answers
// ("<status>: <body text or status text>"). The admin screens' reads and the token's storage are in
// admin-api-client.ts: every public page loads this module, for its forms' posts.
import type { FieldErrors } from "~/platform/field-errors";

export const adminTokenKey = "admin_token";

export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /** The server's `message` field, when the body is the API's JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === "string" ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }

  /** The field messages of a 400 answer (the API's `errors`), keyed like the form's fields. */
  get fieldErrors(): FieldErrors {
    if (this.status !== 400) return {};
    try {
      return (JSON.parse(this.body) as { errors?: FieldErrors }).errors ?? {};
    } catch {
      return {};
    }
  }
}

function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(adminTokenKey);
  } catch {
    return null;
  }
}

/** A call's body: JSON, or a multipart form (an upload; the browser sets its boundary). */
export type ApiBody = { json: unknown } | { form: FormData };

function buildHeaders(body: ApiBody | undefined, extraHeaders?: HeadersInit): Headers {
  const headers = new Headers({ Accept: "application/json" });
  if (body && "json" in body) headers.set("Content-Type", "application/json");
  const token = getStoredToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  for (const [name, value] of new Headers(extraHeaders)) headers.set(name, value);
  return headers;
}

/** One call: the headers, the body, and the error rule for non-OK answers. */
export async function send(
  method: string,
  path: string,
  body?: ApiBody,
  extraHeaders?: HeadersInit,
): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: buildHeaders(body, extraHeaders),
    body: body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.form,
  });
  if (!response.ok) {
    throw new ApiRequestError(response.status, response.statusText, await response.text());
  }
  return response;
}

/** Any call (POST, PUT, DELETE...) whose JSON answer is parsed; an empty answer parses as null. */
export async function callApi<T>(
  method: string,
  path: string,
  body?: ApiBody,
  headers?: HeadersInit,
): Promise<T | null> {
  const response = await send(method, path, body, headers);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}

/** POST (JSON body when given) and parse the JSON answer; an empty answer parses as null. */
export function postJson<T>(
  path: string,
  body?: unknown,
  headers?: HeadersInit,
): Promise<T | null> {
  return callApi<T>("POST", path, body === undefined ? undefined : { json: body }, headers);
}
