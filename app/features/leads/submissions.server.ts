// The lead forms' one submission path: the contact page's action (JavaScript or not) and POST
// /api/contact both call submitContactMessage; the newsletter's sign-up
// (features/newsletter/sign-up.server.ts) goes through submitLead as it does.

import type { AppContext } from "~/platform/context.server";
import { ApiError, type Failure } from "~/platform/http/api.server";
import type { FormValues } from "~/platform/http/form-result";
import {
  type Accepted,
  handleSubmission,
  pickFormValues,
  type SubmissionArgs,
  type SubmissionOptions,
  type SubmissionSchema,
} from "~/platform/http/submission.server";
import { contactSuccessMessage, receiveContactMessage } from "./contact-messages.server";
import type { SenderInfo } from "./lead-gate.server";
import { type LeadOutcome, LeadsUnavailableError } from "./outcome.server";
import { contactMessageSchema } from "./schema";
import { getSenderInfo, maxLeadBodyBytes } from "./sender.server";

/** `detail`: what the visitor does next, when there is something (confirm by email). */
export type LeadAnswer = { message: string; detail?: string };

/** One lead form: its schema, what it refills, and how it keeps a valid post and answers it. */
export type LeadSubmission<Input> = {
  schema: SubmissionSchema<Input>;
  echo: (fields: Record<string, string>) => FormValues;
  /** Keeps the post (`sender`: who sent it and the visit that brought them) and words the answer. */
  receive: (
    input: Input,
    app: AppContext,
    sender: SenderInfo,
  ) => Promise<{ outcome: LeadOutcome; answer: Accepted<LeadAnswer> }>;
};

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

/**
 * A lead form's post: capped in size, its sender and their visit read off the request, kept by
 * the form, and answered alike for a person and a bot (429 over the limit, 503 when the database
 * cannot take it).
 */
export function submitLead<Input>(
  args: SubmissionArgs,
  lead: LeadSubmission<Input>,
  options?: SubmissionOptions,
) {
  return handleSubmission(
    args,
    {
      schema: lead.schema,
      maxBytes: maxLeadBodyBytes,
      echo: lead.echo,
      formMessages: leadFormMessages,
      describeError: describeLeadError,
      async accept(input, app) {
        const sender = getSenderInfo(args.request, app.clientIp);
        const attribution =
          (await app.visits?.readAttribution(app.clientIp, sender.userAgent)) ?? null;
        const { outcome, answer } = await lead.receive(input, app, { ...sender, attribution });
        return answerLead(outcome, answer);
      },
    },
    options,
  );
}

/** A contact message: stored before the answer, 201 for the API. */
export function submitContactMessage(args: SubmissionArgs, options?: SubmissionOptions) {
  return submitLead(
    args,
    {
      schema: contactMessageSchema,
      echo: (fields) => pickFormValues(fields, ["name", "email", "phone", "company", "message"]),
      async receive(input, app, sender) {
        const outcome = await receiveContactMessage(app, input, sender);
        if (outcome.kind === "accepted") {
          await app.visits?.recordConversion("contact", sender.attribution ?? null);
        }
        return { outcome, answer: { status: 201, body: { message: contactSuccessMessage } } };
      },
    },
    options,
  );
}
