// GET /api/admin/session: whether the request carries a live admin session.
// Never cached; a session cookie that is no longer valid is cleared.
import type { AdminSessionAnswer } from "~/capabilities/workspace/session-schema";
import { getAppContext } from "~/platform/context.server";
import { handleApi, jsonError } from "~/platform/http/api.server";
import {
  getRequestSession,
  readSessionId,
  serializeClearedSessionCookie,
} from "~/platform/sessions.server";
import type { Route } from "./+types/api-session";

export function loader({ context, request }: Route.LoaderArgs) {
  const { db, config, logger } = getAppContext(context);
  // A database that cannot answer is the API's JSON 503, never a 500 nor a false "signed out".
  return handleApi(
    async () => {
      const session = await getRequestSession(db, request, config.secure);
      const headers = new Headers({ "Cache-Control": "no-store" });
      if (!session && readSessionId(request, config.secure)) {
        headers.append("Set-Cookie", serializeClearedSessionCookie(config.secure));
      }
      const body: AdminSessionAnswer = session
        ? { isAuthenticated: true, admin: { email: session.email } }
        : { isAuthenticated: false, admin: null };
      return Response.json(body, { headers });
    },
    { logger, request },
  );
}

export function action() {
  return jsonError(405, "Read the session with GET", { headers: { Allow: "GET" } });
}
