// The contact form's and the newsletter field's one submission path each: the pages' actions
// (JavaScript or not) and the spec's JSON endpoints (POST /api/contact, POST /api/newsletter) all
// call these, through the platform's submission helper.
import { getRequestContent } from "~/features/content/request-content.server";
import { ApiError, type Failure } from "~/platform/http/api.server";
import {
  type Accepted,
  handleSubmission,
  pickFormValues,
  type SubmissionArgs,
  type SubmissionOptions,
} from "~/platform/http/submission.server";
import { newsletterSuccessMessage, subscribeToNewsletter } from "../newsletter/subscribers.server";
import { contactSuccessMessage, receiveContactMessage } from "./contact-messages.server";
import { type LeadOutcome, LeadsUnavailableError } from "./outcome.server";
import { getNewsletterReturnPath } from "./return-path";
import { contactMessageSchema, newsletterSchema } from "./schema";
import { getSenderInfo, maxLeadBodyBytes } from "./sender.server";

/** `detail`: what the visitor does next, when there is something (confirm by email). */
export type LeadAnswer = { message: string; detail?: string };

/** What the pages say, in a visitor's words, where the API names the technical reason. */
const leadFormMessages = {
  403: "Please send this form from our website.",
  413: "Your message is too long to send. Please shorten it and try again.",
};

/** The database could not take the lead: the visitor is asked to come back, nothing claimed. */
function describeLeadError(error: unknown): Failure | undefined {
  if (!(error instanceof LeadsUnavailableError)) return undefined;
  return { status: 503, message: error.message, headers: { "Retry-After": "60" } };
}

/** A lead's outcome as the answer: a bot is told it worked, exactly like a person. */
function answerLead(outcome: LeadOutcome, accepted: Accepted<LeadAnswer>): Accepted<LeadAnswer> {
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
        const outcome = await receiveContactMessage(app, input, sender);
        return answerLead(outcome, { status: 201, body: { message: contactSuccessMessage } });
      },
    },
    options,
  );
}

/** A newsletter sign-up: 200 whether or not the address was already subscribed. */
export function submitNewsletterSignUp(args: SubmissionArgs, options?: SubmissionOptions) {
  return handleSubmission(
    args,
    {
      schema: newsletterSchema,
      maxBytes: maxLeadBodyBytes,
      // Only a path on this site goes back into the page.
      echo: (fields) => ({ returnTo: getNewsletterReturnPath(fields.returnTo) }),
      formMessages: leadFormMessages,
      describeError: describeLeadError,
      async accept(input, app) {
        const sender = getSenderInfo(args.request, app.clientIp);
        const { content } = await getRequestContent(args.context);
        const outcome = await subscribeToNewsletter(app, input, sender, {
          subject: content.forms.confirmEmailSubject,
          text: content.forms.confirmEmailText,
          companyName: content.general.companyName,
        });
        // Said whatever the address's state (and to a bot as to a person), so the answer tells
        // nobody who subscribes.
        const detail = app.config.SMTP_URL ? content.forms.newsletterCheckInboxText : undefined;
        return answerLead(outcome, { body: { message: newsletterSuccessMessage, detail } });
      },
    },
    options,
  );
}
