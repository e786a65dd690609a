// POST /admin/logout: the admin bar's Logout as a plain form post, so it signs out before the
// page's JavaScript has arrived and without it; then the login page. With JavaScript the button
// asks first about unsaved changes, then calls the JSON API instead (api-logout.ts).
import { redirect } from "react-router";
import { endRequestSession } from "~/features/admin/admins/admins.server";
import { getAppContext } from "~/platform/context.server";
import { readSameOriginForm } from "~/platform/http/api.server";
import type { Route } from "./+types/logout";

/** A GET changes nothing: logging out is the Logout button's post. */
export function loader() {
  return new Response("Log out with the Logout button.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, clientIp } = getAppContext(context);
  // Another site must not sign the admin out behind their back.
  const posted = await readSameOriginForm(request, config.SITE_URL);
  if ("refused" in posted) {
    return new Response(posted.refused.message, {
      status: posted.refused.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const cleared = await endRequestSession(db, request, {
    secure: config.secure,
    address: clientIp,
  });
  // 303: the browser fetches the login page with a GET.
  return redirect("/admin/login", {
    status: 303,
    headers: { "Set-Cookie": cleared, "Cache-Control": "no-store" },
  });
}
