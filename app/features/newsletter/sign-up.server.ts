// The newsletter field's one submission path: the pages' actions (JavaScript or not) and POST
// /api/newsletter both call it, answering as the contact form does (features/leads).
import { getRequestContent } from "~/features/content/request-content.server";
import { submitLead } from "~/features/leads/submissions.server";
import type { SubmissionArgs, SubmissionOptions } from "~/platform/http/submission.server";
import { getNewsletterReturnPath } from "./return-path";
import { newsletterSchema } from "./sign-up-schema";
import { newsletterSuccessMessage, subscribeToNewsletter } from "./subscribers.server";

/** A newsletter sign-up: 200 whether or not the address was already subscribed. */
export function submitNewsletterSignUp(args: SubmissionArgs, options?: SubmissionOptions) {
  return submitLead(
    args,
    {
      schema: newsletterSchema,
      // Only a path on this site goes back into the page.
      echo: (fields) => ({ returnTo: getNewsletterReturnPath(fields.returnTo) }),
      async receive(input, app, sender) {
        const { content } = await getRequestContent(args.context);
        const outcome = await subscribeToNewsletter(app, input, sender, {
          subject: content.forms.confirmEmailSubject,
          text: content.forms.confirmEmailText,
          companyName: content.general.companyName,
        });
        // Said whatever the address's state (and to a bot as to a person), so the answer tells
        // nobody who subscribes.
        const detail = app.config.SMTP_URL ? content.forms.newsletterCheckInboxText : undefined;
        return { outcome, answer: { body: { message: newsletterSuccessMessage, detail } } };
      },
    },
    options,
  );
}
