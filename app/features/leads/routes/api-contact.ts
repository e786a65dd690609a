// POST /api/contact: {name, email, phone, company, message} → 201 {message}, or
// {message, errors?} with 400/403/405/413/415/429/503. A thin adapter: the contact page's one
// submission path, taking JSON only.
import { submitContactMessage } from "~/features/leads/submissions.server";
import { answerWrongMethod } from "~/platform/http/submission.server";
import type { Route } from "./+types/api-contact";

export const loader = () => answerWrongMethod();

export function action(args: Route.ActionArgs) {
  return submitContactMessage(args, { jsonOnly: true });
}
