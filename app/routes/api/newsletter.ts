// POST /api/newsletter (spec section 7): {email} → 200 {message}, or {message, errors?} with
// 400/403/413/415/429/503. Subscribing twice keeps one subscription and answers the same.
import { newsletterSchema } from "~/leads/schema";
import { getAppContext } from "~/server/context.server";
import { assertSameOrigin, handleApi } from "~/server/http.server";
import { newsletterSuccessMessage, subscribeToNewsletter } from "~/server/leads/newsletter.server";
import {
  answerLeadOutcome,
  answerMethodNotAllowed,
  getSenderInfo,
  readLeadJson,
  runLeadOperation,
} from "~/server/leads/requests.server";
import type { Route } from "./+types/newsletter";

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
