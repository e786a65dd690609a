// The contact and newsletter forms posted without JavaScript: the same rules and messages as the
// JSON API, answered as a status and a result for the page to render.

import type { AppContext } from "~/platform/context.server";
import { ApiError, assertSameOrigin } from "~/platform/http/api.server";
import { receiveContactMessage } from "./contact-messages.server";
import type { ContactFormResult, ContactFormValues, NewsletterFormResult } from "./form-results";
import { toLocalPath } from "./form-results";
import { subscribeToNewsletter } from "./newsletter.server";
import { type LeadOutcome, LeadsUnavailableError } from "./outcome.server";
import { FormTooLargeError, getSenderInfo, readFormFields, validateLead } from "./requests.server";
import { type ContactField, contactMessageSchema, newsletterSchema } from "./schema";

export type FormPostAnswer<Result> = { status: number; headers?: HeadersInit; result: Result };

const contactFields: ContactField[] = ["name", "email", "phone", "company", "message"];
export const crossSiteFormMessage = "Please send this form from our website.";
export const formTooLargeMessage =
  "Your message is too long to send. Please shorten it and try again.";

type FailedPost = { status: number; headers?: HeadersInit; message: string };

/** Runs the checks and the operation every lead form post shares. */
async function processLeadPost<Input>(
  services: AppContext,
  request: Request,
  schema: Parameters<typeof validateLead<Input>>[0],
  operation: (input: Input) => Promise<LeadOutcome>,
): Promise<
  | { kind: "done"; fields: Record<string, string> }
  | ({ kind: "failed"; fields: Record<string, string> } & FailedPost)
  | { kind: "invalid"; fields: Record<string, string>; errors: Record<string, string> }
> {
  let fields: Record<string, string> = {};
  try {
    assertSameOrigin(request, services.config.SITE_URL);
    fields = await readFormFields(request);
  } catch (error) {
    if (error instanceof ApiError) {
      return { kind: "failed", status: 403, message: crossSiteFormMessage, fields };
    }
    if (error instanceof FormTooLargeError) {
      return { kind: "failed", status: 413, message: formTooLargeMessage, fields };
    }
    throw error;
  }
  const validation = validateLead(schema, fields);
  if (!validation.ok) return { kind: "invalid", fields, errors: validation.errors };
  try {
    const outcome = await operation(validation.data);
    if (outcome.kind === "rate-limited") {
      return {
        kind: "failed",
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
        message: outcome.message,
        fields,
      };
    }
    return { kind: "done", fields };
  } catch (error) {
    if (error instanceof LeadsUnavailableError) {
      return { kind: "failed", status: 503, message: error.message, fields };
    }
    throw error;
  }
}

function pickContactValues(fields: Record<string, string>): ContactFormValues {
  const values: ContactFormValues = {};
  for (const field of contactFields) {
    if (fields[field] !== undefined) values[field] = fields[field].slice(0, 6000);
  }
  return values;
}

export async function handleContactFormPost(
  services: AppContext,
  request: Request,
): Promise<FormPostAnswer<ContactFormResult>> {
  const sender = getSenderInfo(request, services.clientIp);
  const post = await processLeadPost(services, request, contactMessageSchema, (input) =>
    receiveContactMessage(services, input, sender),
  );
  if (post.kind === "done") return { status: 200, result: { status: "sent" } };
  const values = pickContactValues(post.fields);
  if (post.kind === "invalid") {
    return { status: 400, result: { status: "invalid", errors: post.errors, values } };
  }
  return {
    status: post.status,
    headers: post.headers,
    result: { status: "failed", message: post.message, values },
  };
}

export async function handleNewsletterFormPost(
  services: AppContext,
  request: Request,
): Promise<FormPostAnswer<NewsletterFormResult>> {
  const sender = getSenderInfo(request, services.clientIp);
  const post = await processLeadPost(services, request, newsletterSchema, (input) =>
    subscribeToNewsletter(services, input, sender),
  );
  const back = toLocalPath(post.fields.returnTo);
  // Posted from the sign-up page itself: there is no other page to go back to.
  const returnTo = back === "/newsletter" || back.startsWith("/newsletter?") ? "/" : back;
  if (post.kind === "done") {
    return { status: 200, result: { status: "subscribed", returnTo } };
  }
  if (post.kind === "invalid") {
    const message = Object.values(post.errors)[0] ?? "Please enter a valid email address";
    return { status: 400, result: { status: "failed", message, returnTo } };
  }
  return {
    status: post.status,
    headers: post.headers,
    result: { status: "failed", message: post.message, returnTo },
  };
}
