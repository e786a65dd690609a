// What a form's route action answers a form post (<Form>, useFetcher, or the plain post without
// JavaScript), shaped for the form components that render it; made by submission.server.ts.
import type { FieldErrors } from "~/platform/field-errors";

/** The posted fields a form is refilled with (only those the form names; never a password). */
export type FormValues = Partial<Record<string, string>>;

export type FormResult<Body> = (
  | { status: "done"; body: Body; values: FormValues }
  | { status: "failed"; message: string; errors: FieldErrors; values: FormValues }
) & {
  /** Which of a screen's forms the answer is for, where the screen has several. */
  form?: string;
};

/** What a screen's notice says after a post that worked. */
export type NoticeBody = { message?: string };

/** A post that worked, answered in the one shape (for a screen that reads its posts itself). */
export function answerDone<Body>(body: Body, form?: string): FormResult<Body> {
  return { status: "done", body, values: {}, form };
}

/** A refused post, answered in the one shape; field errors show under their fields. */
export function answerFailed(
  message: string,
  { errors = {}, form }: { errors?: FieldErrors; form?: string } = {},
): FormResult<never> {
  return { status: "failed", message, errors, values: {}, form };
}

/** A post refused for its fields: each message shows under its field. */
export function answerFieldErrors(errors: FieldErrors, form?: string): FormResult<never> {
  return answerFailed(Object.values(errors)[0] ?? "Invalid request", { errors, form });
}

/** The notice a screen shows after a post: what was done, or why not (when not about a field). */
export function readFormNotice(
  result: FormResult<NoticeBody> | undefined,
): { tone: "success" | "warning"; text: string } | undefined {
  if (result?.status === "done") {
    return result.body.message ? { tone: "success", text: result.body.message } : undefined;
  }
  const text = readFormMessage(result);
  return text ? { tone: "warning", text } : undefined;
}

/**
 * The message a form shows above its fields: a refusal that is not about one field (a field's
 * message shows under the field instead).
 */
export function readFormMessage(result: FormResult<unknown> | undefined): string | undefined {
  if (result?.status !== "failed") return undefined;
  return Object.keys(result.errors).length === 0 ? result.message : undefined;
}
