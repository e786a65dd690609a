// POST /api/admin/login: JSON {email, password}; on success a new session in an
// httpOnly cookie and {isAuthenticated, admin}. No token is sent. A thin
// adapter: the login page's one submission path, taking JSON only.
import { submitLogin } from "~/features/admin/login/login-submission.server";
import { answerWrongMethod } from "~/platform/http/submission.server";
import type { Route } from "./+types/api-login";

export const loader = () => answerWrongMethod("Sign in with POST");

export function action(args: Route.ActionArgs) {
  return submitLogin(args, { jsonOnly: true });
}
