// POST /api/admin/logout: ends the session on the server, clears the cookie and
// answers JSON. Takes no body (the client sends none); like every state-changing call it must be
// same-origin, and a body, if any, must be JSON.

import type { AdminSessionAnswer } from "~/capabilities/workspace/session-schema";
import { endRequestSession } from "~/features/admin/admins/admins.server";
import { getAppContext } from "~/platform/context.server";
import {
  ApiError,
  assertJsonContentType,
  assertSameOrigin,
  handleApi,
  jsonError,
} from "~/platform/http/api.server";
import type { Route } from "./+types/api-logout";

export function loader() {
  return jsonError(405, "Log out with POST", { headers: { Allow: "POST" } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, logger, clientIp } = getAppContext(context);
  return handleApi(
    async () => {
      if (request.method !== "POST") {
        throw new ApiError(405, "Log out with POST", { headers: { Allow: "POST" } });
      }
      assertSameOrigin(request, config.SITE_URL);
      // The client's logout call has no body and may have no Content-Type; a request that declares
      // a type or sends a body must be JSON like every API call (a form post is refused).
      const declaresBody =
        request.headers.has("content-type") ||
        Number(request.headers.get("content-length") ?? 0) > 0 ||
        request.headers.has("transfer-encoding");
      if (declaresBody) assertJsonContentType(request);
      const cleared = await endRequestSession(db, request, {
        secure: config.secure,
        address: clientIp,
      });
      const body: AdminSessionAnswer = { isAuthenticated: false, admin: null };
      return Response.json(body, {
        headers: {
          "Cache-Control": "no-store",
          "Set-Cookie": cleared,
        },
      });
    },
    { logger, request },
  );
}
