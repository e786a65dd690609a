// What a form's route action answers a form post (<Form>, useFetcher, or the plain post without
// JavaScript), shaped for the form components that render it; made by submission.server.ts.
import type { FieldErrors } from "~/platform/field-errors";

/** The posted fields a form is refilled with (only those the form names; never a password). */
export type FormValues = Partial<Record<string, string>>;

export type FormResult<Body> =
  | { status: "done"; body: Body; values: FormValues }
  | { status: "failed"; message: string; errors: FieldErrors; values: FormValues };

/**
 * The message a form shows above its fields: a refusal that is not about one field (a field's
 * message shows under the field instead).
 */
export function readFormMessage(result: FormResult<unknown> | undefined): string | undefined {
  if (result?.status !== "failed") return undefined;
  return Object.keys(result.errors).length === 0 ? result.message : undefined;
}
