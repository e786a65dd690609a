// What a form page shows after a plain (no-JavaScript) form post: the server's answer, shaped for
// the form components that render it.
import type { ContactField } from "./schema";

export type ContactFormValues = Partial<Record<ContactField, string>>;

export type ContactFormResult =
  | { status: "sent" }
  | { status: "invalid"; errors: Partial<Record<ContactField, string>>; values: ContactFormValues }
  | { status: "failed"; message: string; values: ContactFormValues };

export type NewsletterFormResult =
  | { status: "subscribed"; returnTo: string }
  | { status: "failed"; message: string; returnTo: string };

/** A local path to go back to after a form post; anything else falls back to the home page. */
export function toLocalPath(value: string | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value.slice(0, 500);
}
