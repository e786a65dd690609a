// While the site requires two-factor (two-factor-requirement.server.ts), an admin without a second
// factor is taken to the Security screen before any other screen.
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import { getGateSession } from "~/capabilities/workspace/gate.server";
import { getAppContext } from "~/platform/context.server";
import {
  mustSetUpTwoFactor,
  securityPath,
} from "../../../capabilities/workspace/two-factor-requirement.server";

/**
 * Workspace middleware, after the gate: while the site requires two-factor, an admin without it
 * sees only the Security screen (every other screen redirects there).
 */
export const requireTwoFactorSetupMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const session = getGateSession(context);
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (session && path !== securityPath) {
    const { db } = getAppContext(context);
    if (await mustSetUpTwoFactor(db, session.adminId)) throw redirect(`${securityPath}?required`);
  }
  return next();
};
