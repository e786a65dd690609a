// GET /admin/leads/subscribers.csv: the newsletter subscribers for a mailing tool, each with
// their own unsubscribe link. Admins only (the workspace gate); each export is in the activity log.

import { getAdmin } from "~/capabilities/workspace/gate.server";
import { formatSubscribersCsv, listSubscribers } from "~/features/newsletter/subscribers.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import type { Route } from "./+types/subscribers-csv";

/** Owners only: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, reportsDb, config, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  // Every subscriber: read through the heavy-read handle, off the site's connection.
  const subscribers = await listSubscribers(reportsDb);
  const csv = formatSubscribersCsv(subscribers, config.SITE_URL);
  await recordActivity(db, {
    action: "export",
    actor: getActor(admin, clientIp),
    target: "newsletter subscribers (CSV)",
    detail: { rows: subscribers.length },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
