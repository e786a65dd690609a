// The newsletter field's one submission path: the pages' actions (JavaScript or not) and POST
// /api/newsletter both call it, answering as the contact form does.
import { getRequestContent } from "~/features/content/request-content.server";
import { getNewsletterReturnPath } from "~/features/leads/return-path";
import { newsletterSchema } from "~/features/leads/schema";
import { getSenderInfo, maxLeadBodyBytes } from "~/features/leads/sender.server";
import {
  answerLead,
  describeLeadError,
  leadFormMessages,
} from "~/features/leads/submissions.server";
import {
  handleSubmission,
  type SubmissionArgs,
  type SubmissionOptions,
} from "~/platform/http/submission.server";
import { newsletterSuccessMessage, subscribeToNewsletter } from "./subscribers.server";

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
        const attribution =
          (await app.visits?.readAttribution(app.clientIp, sender.userAgent)) ?? null;
        const { content } = await getRequestContent(args.context);
        const outcome = await subscribeToNewsletter(
          app,
          input,
          { ...sender, attribution },
          {
            subject: content.forms.confirmEmailSubject,
            text: content.forms.confirmEmailText,
            companyName: content.general.companyName,
          },
        );
        // Said whatever the address's state (and to a bot as to a person), so the answer tells
        // nobody who subscribes.
        const detail = app.config.SMTP_URL ? content.forms.newsletterCheckInboxText : undefined;
        return answerLead(outcome, { body: { message: newsletterSuccessMessage, detail } });
      },
    },
    options,
  );
}
