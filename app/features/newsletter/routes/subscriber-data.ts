// GET /admin/newsletter/subscribers/:id/data.json: everything stored about one subscriber, as a
// download, for their data request. Admins only (the workspace gate); each export is logged
// without the address.
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { exportSubscriber } from "~/features/newsletter/subscribers.server";
import { readStoredTopics } from "~/features/newsletter/topics.server";
import { getActor, recordActivity } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import type { Route } from "./+types/subscriber-data";

/** Owners only: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const id = Number(params.id);
  const found = Number.isSafeInteger(id) && id > 0 ? await exportSubscriber(db, id) : undefined;
  if (!found) {
    return Response.json(
      { error: "This subscriber does not exist (any more)." },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  await recordActivity(db, {
    action: "export",
    actor: getActor(admin, clientIp),
    target: "a subscriber's data (JSON)",
  });
  // Their topics as stored; none: they never chose, and hear about every topic.
  const topics = await readStoredTopics(db, id);
  const exported = { ...found, topics: topics.length > 0 ? topics : "every topic (none chosen)" };
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscriber-${id}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
