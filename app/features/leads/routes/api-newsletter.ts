// POST /api/newsletter (spec section 7): {email} → 200 {message}, or {message, errors?} with
// 400/403/413/415/429/503. Subscribing twice keeps one subscription and answers the same.

import {
  newsletterSuccessMessage,
  subscribeToNewsletter,
} from "~/features/leads/newsletter.server";
import {
  answerLeadOutcome,
  answerMethodNotAllowed,
  getSenderInfo,
  readLeadJson,
  runLeadOperation,
} from "~/features/leads/requests.server";
import { newsletterSchema } from "~/features/leads/schema";
import { getAppContext } from "~/platform/context.server";
import { assertSameOrigin, handleApi } from "~/platform/http/api.server";
import type { Route } from "./+types/api-newsletter";

export const loader = answerMethodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const services = getAppContext(context);
  return handleApi(
    async () => {
      assertSameOrigin(request, services.config.SITE_URL);
      const input = await readLeadJson(request, newsletterSchema);
      const sender = getSenderInfo(request, services.clientIp);
      const outcome = await runLeadOperation(() => subscribeToNewsletter(services, input, sender));
      // 200 whether or not the address was already subscribed: the answer reveals nothing.
      return answerLeadOutcome(outcome, newsletterSuccessMessage, 200);
    },
    services.logger,
    request,
  );
}
