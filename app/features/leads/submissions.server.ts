// The contact form's one submission path: the page's action (JavaScript or not) and POST
// /api/contact both call it, through the platform's submission helper. The newsletter's sign-up
// (features/newsletter/sign-up.server.ts) answers with the same helpers.
import { ApiError, type Failure } from "~/platform/http/api.server";
import {
  type Accepted,
  handleSubmission,
  pickFormValues,
  type SubmissionArgs,
  type SubmissionOptions,
} from "~/platform/http/submission.server";
import { contactSuccessMessage, receiveContactMessage } from "./contact-messages.server";
import { type LeadOutcome, LeadsUnavailableError } from "./outcome.server";
import { contactMessageSchema } from "./schema";
import { getSenderInfo, maxLeadBodyBytes } from "./sender.server";

/** `detail`: what the visitor does next, when there is something (confirm by email). */
export type LeadAnswer = { message: string; detail?: string };

/** What the pages say, in a visitor's words, where the API names the technical reason. */
export const leadFormMessages = {
  403: "Please send this form from our website.",
  413: "Your message is too long to send. Please shorten it and try again.",
};

/** The database could not take the lead: the visitor is asked to come back, nothing claimed. */
export function describeLeadError(error: unknown): Failure | undefined {
  if (!(error instanceof LeadsUnavailableError)) return undefined;
  return { status: 503, message: error.message, headers: { "Retry-After": "60" } };
}

/** A lead's outcome as the answer: a bot is told it worked, exactly like a person. */
export function answerLead(
  outcome: LeadOutcome,
  accepted: Accepted<LeadAnswer>,
): Accepted<LeadAnswer> {
  if (outcome.kind === "rate-limited") {
    throw new ApiError(429, outcome.message, {
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  return accepted;
}

/** A contact message: stored before the answer, 201 for the API. */
export function submitContactMessage(args: SubmissionArgs, options?: SubmissionOptions) {
  return handleSubmission(
    args,
    {
      schema: contactMessageSchema,
      maxBytes: maxLeadBodyBytes,
      echo: (fields) => pickFormValues(fields, ["name", "email", "phone", "company", "message"]),
      formMessages: leadFormMessages,
      describeError: describeLeadError,
      async accept(input, app) {
        const sender = getSenderInfo(args.request, app.clientIp);
        const attribution =
          (await app.visits?.readAttribution(app.clientIp, sender.userAgent)) ?? null;
        const outcome = await receiveContactMessage(app, input, { ...sender, attribution });
        if (outcome.kind === "accepted") await app.visits?.recordConversion("contact", attribution);
        return answerLead(outcome, { status: 201, body: { message: contactSuccessMessage } });
      },
    },
    options,
  );
}
