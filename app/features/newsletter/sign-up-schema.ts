// What a visitor sends through the newsletter field: one schema, used by the JSON API and the
// no-JavaScript form post. Written with zod/mini, as the contact form's is, for a small bundle.
import * as z from "zod/mini";
import { spamGuardShape, trimmed } from "~/features/leads/schema";

/** The email field's length cap. */
const newsletterLimits = { email: 254 };

export const newsletterSchema = z.object(
  {
    email: z.pipe(
      trimmed("Please enter your email address").check(
        z.minLength(1, "Please enter your email address"),
      ),
      z
        .email("Please enter a valid email address")
        .check(z.maxLength(newsletterLimits.email, "Please enter a valid email address")),
    ),
    ...spamGuardShape,
  },
  "Send the subscription as a JSON object",
);
export type NewsletterInput = z.output<typeof newsletterSchema>;
