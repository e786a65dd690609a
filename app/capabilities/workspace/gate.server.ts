// The one admin gate: middleware on the workspace layout reads the session once for every screen,
// and handleAdminApi checks method, origin and session for each JSON endpoint. A database error
// while checking answers 503, never 500 and never a false "signed out".
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import {
  type AdminRole,
  isRoleAllowed,
  ownerOnlyMessage,
  ownerOnlyScreenMessage,
} from "~/platform/admin-roles";
import { type AppContext, getAppContext } from "~/platform/context.server";
import { databaseRetryAfterSeconds, logDatabaseError } from "~/platform/db/unavailable.server";
import {
  ApiError,
  assertSameOrigin,
  type DescribeError,
  handleApi,
} from "~/platform/http/api.server";
import { getRequestData } from "~/platform/request-data.server";
import type { AdminSession } from "~/platform/sessions.server";
import { adminUnavailableMessage } from "./gate-messages";
import { mustSetUpTwoFactor, twoFactorRequiredMessage } from "./two-factor-requirement.server";

export const loginPath = "/admin/login";
/** Seconds a client is asked to wait after a 503. */
const retryAfterSeconds = String(databaseRetryAfterSeconds);

/**
 * The editor's addresses check the session in the browser ("Checking authentication...",
 * then "Authentication Required" and the login page after 1 second), so the gate lets them render
 * without a session; every other admin screen goes to the login page from the server.
 */
const browserCheckedPaths = new Set(["/edit", "/admin", "/working-editor"]);

const adminSessionContext = createContext<AdminSession | null>(null);

/** Reads the session; a database failure becomes the caller's 503. */
async function readAdminSession(
  app: AppContext,
  context: ContextReader,
): Promise<AdminSession | undefined | "unavailable"> {
  try {
    // The request's one session lookup, shared with the root loader.
    return await getRequestData(context).checkedSession();
  } catch (error) {
    logDatabaseError(app.logger, error, "admin session check failed");
    return "unavailable";
  }
}

function getPathname(request: Request): string {
  // Client navigations fetch /edit.data; the rule is the page's.
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}

export const requireAdminMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const app = getAppContext(context);
  const session = await readAdminSession(app, context);
  if (session === "unavailable") {
    throw data(
      { message: adminUnavailableMessage },
      { status: 503, headers: { "Retry-After": retryAfterSeconds, "Cache-Control": "no-store" } },
    );
  }
  const pathname = getPathname(request);
  if (!session && !browserCheckedPaths.has(pathname)) throw redirect(loginPath);
  context.set(adminSessionContext, session ?? null);
  // The route's handle names the role it needs: one check here for its page, posts and downloads.
  const required = app.routes.getRequiredRole(pathname)?.value;
  if (!session || isRoleAllowed(session.role, required)) return next();
  // A post is refused before its action runs. A page or download is refused by getAdmin, which
  // its loader calls first: thrown from a loader, the 403 is drawn by the admin area's error
  // page (one thrown here, before any loader, would be drawn by the site's root instead).
  if (request.method !== "GET" && request.method !== "HEAD") throw forbidden();
  context.set(forbiddenContext, true);
  const response = await next();
  // A loader that never asked getAdmin still answers no one without the role.
  if (response.status !== 403) throw forbidden();
  return response;
};

const forbiddenContext = createContext<boolean>(false);

function forbidden() {
  return data(
    { message: ownerOnlyScreenMessage },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * Every admin response, error pages included, is never stored by a cache: set last, over what the
 * document's rendering chose.
 */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

type ContextReader = Readonly<RouterContextProvider>;

/** The signed-in admin of a request that passed the gate, or null on the editor's addresses. */
export function getGateSession(context: ContextReader): AdminSession | null {
  return context.get(adminSessionContext);
}

/**
 * The signed-in admin of a screen that the gate only opens to admins; a 403 when the screen needs
 * a role they do not have (the gate decided; see requireAdminMiddleware).
 */
export function getAdmin(context: ContextReader): AdminSession {
  const session = context.get(adminSessionContext);
  if (!session) throw redirect(loginPath);
  if (context.get(forbiddenContext)) throw forbidden();
  return session;
}

export type AdminApiArgs = { request: Request; context: ContextReader };
export type AdminApiContext = AppContext & { admin: AdminSession };

/**
 * Runs an admin JSON endpoint: the method must be one of methods (else 405 with Allow), a
 * state-changing request must come from this site (403), the session must be live (401), and a
 * database error while checking it is a 503. Errors are the API's JSON shape, never cached.
 */
export function handleAdminApi(
  { request, context }: AdminApiArgs,
  options: {
    methods: readonly string[];
    signedOutMessage?: string;
    /** The role the endpoint needs; anyone else gets a 403. None: every admin. */
    role?: AdminRole;
    /**
     * Open to an admin who must still set up two-factor (the site requires it): only what setting
     * it up needs (adding a passkey). Every other endpoint refuses them with 403.
     */
    beforeTwoFactor?: boolean;
    /** The feature's own refusals (its store's errors), for the one error mapper. */
    describeError?: DescribeError;
  },
  handler: (app: AdminApiContext) => Promise<Response>,
): Promise<Response> {
  const { methods } = options;
  const app = getAppContext(context);
  // A database outage inside the handler is the API's logged JSON 503, as on every API route.
  return handleApi(
    async () => {
      if (!methods.includes(request.method)) {
        throw new ApiError(405, `Use ${methods.join(" or ")} here`, {
          headers: { Allow: methods.join(", ") },
        });
      }
      if (request.method !== "GET" && request.method !== "HEAD") {
        assertSameOrigin(request, app.config.SITE_URL);
      }
      const session = await readAdminSession(app, context);
      if (session === "unavailable") {
        throw new ApiError(503, adminUnavailableMessage, {
          headers: { "Retry-After": retryAfterSeconds },
        });
      }
      if (!session)
        throw new ApiError(
          401,
          options.signedOutMessage ?? "Your session has expired. Please log in again.",
        );
      if (!isRoleAllowed(session.role, options.role)) throw new ApiError(403, ownerOnlyMessage);
      if (!options.beforeTwoFactor && (await mustSetUpTwoFactor(app.db, session.adminId))) {
        throw new ApiError(403, twoFactorRequiredMessage);
      }
      const response = await handler({ ...app, admin: session });
      response.headers.set("Cache-Control", "no-store");
      return response;
    },
    { logger: app.logger, request, describeError: options.describeError },
  );
}
