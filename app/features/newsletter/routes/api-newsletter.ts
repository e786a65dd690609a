// POST /api/newsletter: {email} → 200 {message}, or {message, errors?} with
// 400/403/405/413/415/429/503. Subscribing twice keeps one subscription and answers the same. A
// thin adapter: the newsletter page's one submission path, taking JSON only.
import { submitNewsletterSignUp } from "~/features/newsletter/sign-up.server";
import { answerWrongMethod } from "~/platform/http/submission.server";
import type { Route } from "./+types/api-newsletter";

export const loader = () => answerWrongMethod();

export function action(args: Route.ActionArgs) {
  return submitNewsletterSignUp(args, { jsonOnly: true });
}
