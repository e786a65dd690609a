// The one submission path of a form: one function serves the JSON endpoint and the page's action
// (<Form>, useFetcher, a plain post), answering JSON in the API's shape or a FormResult for the
// page (a page action's answer always becomes actionData, so never JSON there).
import {
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
  data,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { type AppContext, getAppContext } from "~/platform/context.server";
import {
  ApiError,
  assertSameOrigin,
  type DescribeError,
  jsonError,
  maxJsonBodyBytes,
  readBodyText,
  readJsonValue,
  toFailure,
  toValidationError,
} from "./api.server";
import type { FormResult, FormValues } from "./form-result";

/** Any schema with zod's safeParse (zod or zod/mini): one schema per input, for every path. */
export type SubmissionSchema<Input> = {
  safeParse(value: unknown):
    | { success: true; data: Input }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};

/** What a feature answers a submission it took. Refusals are thrown (ApiError or its own). */
export type Accepted<Body> = {
  /** The JSON answer's status; a form's answer is 200 (or redirectTo). */
  status?: number;
  body: Body;
  /** Pairs, where a header repeats (two Set-Cookie: the session and the device). */
  headers?: Record<string, string> | [string, string][];
  /** Where a form post goes next instead of showing the result; a JSON caller gets the body. */
  redirectTo?: string;
};

export type Submission<Input, Body> = {
  schema: SubmissionSchema<Input>;
  /** The largest body taken, in bytes (413 beyond). */
  maxBytes?: number;
  /** What a form result gives back of the posted fields, to refill the form (never a password). */
  echo?: (fields: Record<string, string>) => FormValues;
  /** What a form shows for a status, in a visitor's words, instead of the API's message. */
  formMessages?: Partial<Record<number, string>>;
  /** The 405 message for any method but POST. */
  wrongMethodMessage?: string;
  /** The feature's own refusals, for the one error mapper. */
  describeError?: DescribeError;
  accept(input: Input, app: AppContext): Promise<Accepted<Body>>;
};

export type SubmissionArgs = { request: Request; context: Readonly<RouterContextProvider> };

export type SubmissionOptions = {
  /**
   * The JSON endpoints: JSON in (anything else is refused with 415: a cross-site HTML form cannot send it) and the API's JSON out.
   */
  jsonOnly?: boolean;
};

export type SubmissionAnswer<Body> = Response | DataWithResponseInit<FormResult<Body>>;

const defaultWrongMethodMessage = "Use POST to send this form";
/** The longest text a refilled field gets back. */
const maxEchoedLength = 6000;

/** A GET (or any method but POST) on a submission's JSON endpoint. */
export function answerWrongMethod(message = defaultWrongMethodMessage): Response {
  return jsonError(405, message, { headers: { Allow: "POST" } });
}

/** True when the body is JSON (a script's call), not a form. */
function isJsonRequest(request: Request): boolean {
  return /^application\/json\b/i.test(request.headers.get("content-type") ?? "");
}

/** A form post's text fields (the first of each name); a body that is not a form has none. */
async function readFormFields(request: Request, maxBytes: number): Promise<Record<string, string>> {
  let form: Iterable<[string, FormDataEntryValue]>;
  if (/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "")) {
    form = new URLSearchParams(await readBodyText(request, maxBytes));
  } else {
    // A multipart form: the HTTP server insists on a Content-Length, so the declared size is the
    // size.
    if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
      throw new ApiError(413, "The request is too large");
    }
    try {
      form = await request.formData();
    } catch {
      return {};
    }
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/** The text fields of a JSON object, as a form's would be (to refill the form). */
function readTextFields(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === "string") fields[name] = field;
  }
  return fields;
}

/** The named fields of a form post, each cut to a length a form refills. */
export function pickFormValues(
  fields: Record<string, string>,
  names: readonly string[],
): FormValues {
  const values: FormValues = {};
  for (const name of names) {
    const value = fields[name];
    if (value !== undefined) values[name] = value.slice(0, maxEchoedLength);
  }
  return values;
}

/**
 * Runs one form's submission: POST only (405), same-origin (403), the body read and capped (413,
 * 415 where JSON is required) and validated (400 with each field's message), then the feature's
 * accept. Whatever is refused goes through the one error mapper and is answered as the request
 * wants: JSON, or a FormResult with the same status.
 */
export async function handleSubmission<Input, Body>(
  { request, context }: SubmissionArgs,
  submission: Submission<Input, Body>,
  options: SubmissionOptions = {},
): Promise<SubmissionAnswer<Body>> {
  const app = getAppContext(context);
  const maxBytes = submission.maxBytes ?? maxJsonBodyBytes;
  const json = options.jsonOnly === true;
  let fields: Record<string, string> = {};
  try {
    if (request.method !== "POST") {
      return answerWrongMethod(submission.wrongMethodMessage);
    }
    assertSameOrigin(request, app.config.SITE_URL);
    let value: unknown;
    if (json || isJsonRequest(request)) {
      value = await readJsonValue(request, maxBytes);
      fields = readTextFields(value);
    } else {
      value = fields = await readFormFields(request, maxBytes);
    }
    const result = submission.schema.safeParse(value);
    if (!result.success) throw toValidationError(result.error.issues);
    const accepted = await submission.accept(result.data, app);
    if (json) {
      const headers = new Headers(accepted.headers);
      if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
      return Response.json(accepted.body, { status: accepted.status ?? 200, headers });
    }
    if (accepted.redirectTo) return redirect(accepted.redirectTo, { headers: accepted.headers });
    const done: FormResult<Body> = {
      status: "done",
      body: accepted.body,
      values: submission.echo?.(fields) ?? {},
    };
    return data(done, { headers: accepted.headers });
  } catch (error) {
    const failure = toFailure(error, {
      describeError: submission.describeError,
      logger: app.logger,
      request,
    });
    if (json) return jsonError(failure.status, failure.message, failure);
    const failed: FormResult<Body> = {
      status: "failed",
      message: submission.formMessages?.[failure.status] ?? failure.message,
      errors: failure.errors ?? {},
      values: submission.echo?.(fields) ?? {},
    };
    return data(failed, { status: failure.status, headers: failure.headers });
  }
}
