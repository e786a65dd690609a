// POST /api/admin/login (spec section 7): JSON {email, password}; on success a new session in an
// httpOnly cookie and {isAuthenticated, admin}. No token is sent (DESIGN.md section 7).

import { describeSignInFailure, signIn } from "~/features/admin/login/login.server";
import type { AdminSessionAnswer } from "~/features/admin/login/login-schema";
import { loginSchema } from "~/features/admin/login/login-schema";
import { getAppContext } from "~/platform/context.server";
import {
  ApiError,
  assertSameOrigin,
  handleApi,
  jsonError,
  readJsonBody,
} from "~/platform/http/api.server";
import { readSessionId, serializeSessionCookie } from "~/platform/sessions.server";
import type { Route } from "./+types/api-login";

export function loader() {
  return jsonError(405, "Sign in with POST", { headers: { Allow: "POST" } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, clientIp, logger } = getAppContext(context);
  return handleApi(
    async () => {
      if (request.method !== "POST") {
        throw new ApiError(405, "Sign in with POST", { headers: { Allow: "POST" } });
      }
      assertSameOrigin(request, config.SITE_URL);
      const credentials = await readJsonBody(request, loginSchema);
      const result = await signIn(db, {
        ...credentials,
        clientIp,
        previousSessionId: readSessionId(request, config.secure),
      });
      if (result.status !== "signed-in") {
        const failure = describeSignInFailure(result);
        throw new ApiError(failure.status, failure.message, { headers: failure.headers });
      }
      const body: AdminSessionAnswer = {
        isAuthenticated: true,
        admin: { email: result.admin.email },
      };
      return Response.json(body, {
        headers: {
          "Cache-Control": "no-store",
          "Set-Cookie": serializeSessionCookie(result.sessionId, config.secure),
        },
      });
    },
    logger,
    request,
  );
}
