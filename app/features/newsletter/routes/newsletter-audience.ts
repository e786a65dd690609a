// POST /admin/newsletter/:id/audience: the editor's audience chooser saves a draft's audience
// (everyone, or chosen topics) as the owner ticks, and hears how many subscribers it reaches.
import { data } from "react-router";
import { runAudienceChange } from "~/features/newsletter/topic-screens.server";
import type { RouteHandle } from "~/platform/route-handle";
import type { Route } from "./+types/newsletter-audience";

/** Owners only: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function action({ request, context, params }: Route.ActionArgs) {
  const answered = await runAudienceChange(request, context, Number(params.id));
  return data(answered.result, {
    status: answered.status,
    headers: { "Cache-Control": "no-store" },
  });
}
