// POST /api/admin/login/passkey-options: JSON {pendingToken?}; answers {pendingToken,
// options}, the WebAuthn challenge for the second step (with the first step's token) or for a
// sign-in with a passkey alone (without one). The answer goes to /api/admin/login/second-factor.
import { submitPasskeyOptions } from "~/features/admin/login/login-submission.server";
import { answerWrongMethod } from "~/platform/http/submission.server";
import type { Route } from "./+types/api-login-passkey-options";

export const loader = () => answerWrongMethod("Ask for a passkey challenge with POST");

export function action(args: Route.ActionArgs) {
  return submitPasskeyOptions(args);
}
