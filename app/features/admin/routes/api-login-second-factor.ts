// POST /api/admin/login/second-factor: JSON {pendingToken, method: "totp" | "recovery",
// code} or {pendingToken, method: "passkey", response}; on success the session cookie and
// {isAuthenticated, admin}, as POST /api/admin/login answers an admin without two-factor.
import { submitSecondFactor } from "~/features/admin/login/login-submission.server";
import { answerWrongMethod } from "~/platform/http/submission.server";
import type { Route } from "./+types/api-login-second-factor";

export const loader = () => answerWrongMethod("Send the second step with POST");

export function action(args: Route.ActionArgs) {
  return submitSecondFactor(args, { jsonOnly: true });
}
