// GET /booking/go: the "Book a Consultation" buttons' way to the external calendar. A person's
// clicks count as one booking conversion a day for the visit that brought them; the answer is a
// redirect to the calendar whatever happens to the count.
import { isbot } from "isbot";
import { redirect } from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { getAppContext } from "~/platform/context.server";
import { readUserAgentStart } from "~/platform/user-agent";
import type { Route } from "./+types/booking-go";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { visits, clientIp } = getAppContext(context);
  const { content } = await getRequestContent(context);
  const userAgent = readUserAgentStart(request.headers.get("user-agent"));
  const prefetch = /prefetch/.test(
    request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "",
  );
  if (visits && userAgent && !isbot(userAgent) && !prefetch) {
    await visits.recordConversionOnce("booking", clientIp, userAgent);
  }
  return redirect(content.booking.url, { status: 302, headers: { "Cache-Control": "no-store" } });
}
