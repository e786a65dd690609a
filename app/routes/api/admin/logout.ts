// POST /api/admin/logout (spec section 7): ends the session on the server, clears the cookie and
// answers JSON. Takes no body, but like every state-changing call it must be same-origin JSON.

import { endSession } from "~/features/admin/admins/admins.server";
import type { AdminSessionAnswer } from "~/features/admin/login/login-schema";
import { getAppContext } from "~/server/context.server";
import {
  ApiError,
  assertJsonContentType,
  assertSameOrigin,
  handleApi,
  jsonError,
} from "~/server/http.server";
import { readSessionId, serializeClearedSessionCookie } from "~/server/sessions.server";
import type { Route } from "./+types/logout";

export function loader() {
  return jsonError(405, "Log out with POST", { headers: { Allow: "POST" } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, clientIp } = getAppContext(context);
  return handleApi(async () => {
    if (request.method !== "POST") {
      throw new ApiError(405, "Log out with POST", { headers: { Allow: "POST" } });
    }
    assertSameOrigin(request, config.SITE_URL);
    assertJsonContentType(request);
    const sessionId = readSessionId(request, config.secure);
    if (sessionId) await endSession(db, sessionId, clientIp);
    const body: AdminSessionAnswer = { isAuthenticated: false, admin: null };
    return Response.json(body, {
      headers: {
        "Cache-Control": "no-store",
        "Set-Cookie": serializeClearedSessionCookie(config.secure),
      },
    });
  });
}
