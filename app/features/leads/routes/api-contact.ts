// POST /api/contact (spec section 7): {name, email, phone, company, message} → 201 {message}, or
// {message, errors?} with 400/403/413/415/429/503. The message is stored before the answer.

import {
  contactSuccessMessage,
  receiveContactMessage,
} from "~/features/leads/contact-messages.server";
import {
  answerLeadOutcome,
  answerMethodNotAllowed,
  getSenderInfo,
  readLeadJson,
  runLeadOperation,
} from "~/features/leads/requests.server";
import { contactMessageSchema } from "~/features/leads/schema";
import { getAppContext } from "~/platform/context.server";
import { assertSameOrigin, handleApi } from "~/platform/http/api.server";
import type { Route } from "./+types/api-contact";

export const loader = answerMethodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const services = getAppContext(context);
  return handleApi(
    async () => {
      assertSameOrigin(request, services.config.SITE_URL);
      const input = await readLeadJson(request, contactMessageSchema);
      const sender = getSenderInfo(request, services.clientIp);
      const outcome = await runLeadOperation(() => receiveContactMessage(services, input, sender));
      return answerLeadOutcome(outcome, contactSuccessMessage, 201);
    },
    services.logger,
    request,
  );
}
