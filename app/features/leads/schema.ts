// What a visitor sends through the contact form, and the spam guard's fields every lead form
// carries (the newsletter's schema adds them too): used by the browser's checks, the JSON API and
// the no-JavaScript form posts. Written with zod/mini, whose small size keeps the contact page
// within its JavaScript budget.
import * as z from "zod/mini";
import { contactLimits } from "./limits";

export type { ContactField } from "./limits";
export { contactLimits } from "./limits";

/** A string trimmed before it is checked; `message` when it is not a string at all. */
export const trimmed = (message: string) => z.string(message).check(z.trim());

/** An optional text field: "", null or absent all mean "not given". */
const optionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z
        .string(`${label} must be text`)
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
  );

/**
 * The form's anti-spam fields. A person leaves the hidden "website" field empty and takes longer
 * than a few seconds to fill the form (formToken carries when it was shown). Both are optional so
 * that the plain payload keeps working.
 */
export const spamGuardShape = {
  website: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  formToken: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
};

export const contactMessageSchema = z.object(
  {
    name: trimmed("Name must be at least 2 characters").check(
      z.minLength(2, "Name must be at least 2 characters"),
      z.maxLength(contactLimits.name, `Name must be at most ${contactLimits.name} characters`),
    ),
    email: z.pipe(
      trimmed("Please enter a valid email address"),
      z
        .email("Please enter a valid email address")
        .check(z.maxLength(contactLimits.email, "Please enter a valid email address")),
    ),
    phone: optionalText("Phone", contactLimits.phone),
    company: optionalText("Company", contactLimits.company),
    message: trimmed("Message must be at least 10 characters").check(
      z.minLength(10, "Message must be at least 10 characters"),
      z.maxLength(
        contactLimits.message,
        `Message must be at most ${contactLimits.message} characters`,
      ),
    ),
    ...spamGuardShape,
    /**
     * One random key per filled-in form: a second submit of the same form (double click, a retry
     * after a lost answer) stores nothing new. Optional, for the plain payload.
     */
    idempotencyKey: z.optional(
      z.nullable(
        z
          .string("idempotencyKey must be text")
          .check(
            z.regex(/^[\w-]{8,100}$/, "idempotencyKey must be 8 to 100 letters, digits, - or _"),
          ),
      ),
    ),
  },
  "Send the message as a JSON object",
);
export type ContactMessageInput = z.output<typeof contactMessageSchema>;
