// The posts of the pages the admin's emails lead to: ask for a reset link, and set a password from
// a reset or an invite link. Each goes through the one submission path (same-origin, size cap,
// schema); the pages render what these answer.
import { getAppContext } from "~/platform/context.server";
import { ApiError } from "~/platform/http/api.server";
import {
  handleSubmission,
  pickFormValues,
  type SubmissionArgs,
} from "~/platform/http/submission.server";
import { forgotPasswordSchema, type LinkOutcome, linkPasswordSchema } from "./email-link-forms";
import { findUsableLink } from "./email-links.server";
import { acceptInvite } from "./invites.server";
import {
  completePasswordReset,
  forgotPasswordAnswer,
  requestPasswordReset,
} from "./password-reset.server";

export function submitForgotPassword(args: SubmissionArgs) {
  return handleSubmission(args, {
    schema: forgotPasswordSchema,
    echo: (fields) => pickFormValues(fields, ["email"]),
    async accept({ email }, { db, config, clientIp }) {
      const result = await requestPasswordReset(db, config, { email, clientIp });
      if (result.status === "limited") {
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
        throw new ApiError(
          429,
          `Too many requests from your network. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
          { headers: { "Retry-After": String(result.retryAfterSeconds) } },
        );
      }
      return { body: { message: forgotPasswordAnswer } };
    },
  });
}

/** What a link's page shows first: the token, and the account while the link works. */
export async function readLinkPage(args: SubmissionArgs, kind: "reset" | "invite") {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const link = await findUsableLink(getAppContext(args.context).db, kind, token);
  return { token, link: link ? { email: link.email } : undefined };
}

export function submitLinkPassword(args: SubmissionArgs, kind: "reset" | "invite") {
  return handleSubmission(args, {
    schema: linkPasswordSchema,
    async accept({ token, password }, { db, clientIp }): Promise<{ body: LinkOutcome }> {
      const input = { token, password, clientIp };
      const result =
        kind === "reset" ? await completePasswordReset(db, input) : await acceptInvite(db, input);
      switch (result.status) {
        case "expired":
          return { body: { outcome: "expired" } };
        case "already-admin":
          return { body: { outcome: "already-admin", email: result.email } };
        default:
          return { body: { outcome: "done", email: result.email } };
      }
    },
  });
}
