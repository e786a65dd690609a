// GET /admin/leads/contacts/export.json?email=: everything stored about one contact (every message
// from the address, with its mail), as a JSON download for their right of access. Admins only (the
// workspace gate); the export is in the Activity log, counted, without the address.
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { contactEmailSchema, exportContactData } from "~/features/leads/contact-privacy.server";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import type { Route } from "./+types/contact-export";

/** Owners only: the admin gate refuses editors. */
export const handle = { role: "owner" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clientIp } = getAppContext(context);
  const admin = getAdmin(context);
  const parsed = contactEmailSchema.safeParse({
    email: new URL(request.url).searchParams.get("email") ?? "",
  });
  if (!parsed.success) {
    return Response.json(
      { message: "Give the email address of the contact to export (?email=)." },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const data = await exportContactData(db, parsed.data, getActor(admin, clientIp));
  const name = parsed.data.email.replace(/[^a-z0-9.@_-]+/g, "-");
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="contact-${name}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
