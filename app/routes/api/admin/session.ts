// GET /api/admin/session (spec section 7): whether the request carries a live admin session.
// Never cached; a session cookie that is no longer valid is cleared.
import type { AdminSessionAnswer } from "~/features/admin/login/login-schema";
import { getAppContext } from "~/server/context.server";
import { jsonError } from "~/server/http.server";
import {
  getRequestSession,
  readSessionId,
  serializeClearedSessionCookie,
} from "~/server/sessions.server";
import type { Route } from "./+types/session";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getAppContext(context);
  const session = await getRequestSession(db, request, config.secure);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!session && readSessionId(request, config.secure)) {
    headers.append("Set-Cookie", serializeClearedSessionCookie(config.secure));
  }
  const body: AdminSessionAnswer = session
    ? { isAuthenticated: true, admin: { email: session.email } }
    : { isAuthenticated: false, admin: null };
  return Response.json(body, { headers });
}

export function action() {
  return jsonError(405, "Read the session with GET", { headers: { Allow: "GET" } });
}
