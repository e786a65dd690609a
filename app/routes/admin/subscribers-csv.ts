// GET /admin/leads/subscribers.csv: the newsletter subscribers for a mailing tool, each with
// their own unsubscribe link. Admins only.
import { redirect } from "react-router";
import { getAppContext } from "~/server/context.server";
import { formatSubscribersCsv, listSubscribers } from "~/server/leads/newsletter.server";
import { getRequestSession } from "~/server/sessions.server";
import type { Route } from "./+types/subscribers-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  const session = await getRequestSession(db, request, config.secure);
  if (!session) throw redirect("/admin/login");
  const csv = formatSubscribersCsv(await listSubscribers(db), config.SITE_URL);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
