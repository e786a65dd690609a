// Layout of the admin area (login and the workspace): outside the site's header and footer,
// never stored by caches and never indexed, errors included (a 503 while the database is away).
import { useEffect } from "react";
import { isRouteErrorResponse, Outlet } from "react-router";
import adminStylesheetUrl from "~/admin.css?url";
import { noStoreMiddleware } from "~/capabilities/workspace/gate.server";
import { adminUnavailableMessage } from "~/capabilities/workspace/gate-messages";
import { ownerOnlyScreenMessage } from "~/platform/admin-roles";
import type { RouteHandle } from "~/platform/route-handle";
import type { Route } from "./+types/admin-layout";

export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware];

/**
 * The public stylesheet not inlined: the admin sheet, linked and cached, has every class of the
 * site, so a screen's answer does not carry 59 KB of public styles it already has.
 */
export const handle = { stylesheet: "linked" } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheetUrl }];

/**
 * A copy of the admin sheet's link that outlives the admin routes: a page the browser reaches from
 * here without loading a document (View site) has no inlined public stylesheet to fall back on.
 */
function useKeptStylesheet() {
  useEffect(() => {
    if (document.querySelector("link[data-kept-stylesheet]")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = adminStylesheetUrl;
    link.dataset.keptStylesheet = "";
    document.head.append(link);
  }, []);
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export default function AdminLayout() {
  useKeptStylesheet();
  return (
    // Any text may hold a word longer than the screen (a pasted address, a 100-letter name): it
    // breaks where it would overflow, so no admin screen scrolls sideways.
    <div className="min-h-screen bg-slate-50 wrap-anywhere">
      <Outlet />
    </div>
  );
}

/** An editor at an owner's screen: said plainly, with the way back to their own work. */
function OwnerOnlyScreen() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      <title>Owners only</title>
      <h1 className="text-2xl font-bold tracking-tight text-navy">{ownerOnlyScreenMessage}</h1>
      <p className="mt-3 text-muted-foreground">
        Your account is an editor's: it can change the content, articles, case studies and images,
        and read leads. Ask an owner if you need more.
      </p>
      <a
        href="/edit"
        className="mt-6 font-semibold text-primary underline-offset-4 hover:underline"
      >
        Back to the content
      </a>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <OwnerOnlyScreen />;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center"
    >
      <title>{notFound ? "Not found" : "Admin temporarily unavailable"}</title>
      <h1 className="text-2xl font-bold tracking-tight text-navy">
        {notFound ? "This admin page does not exist" : "The admin is temporarily unavailable"}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {notFound
          ? "It may have been removed, or the address is mistyped."
          : unavailable
            ? adminUnavailableMessage
            : "We could not show this screen. Please try again in a moment."}
      </p>
      <a
        href="/admin/login"
        className="mt-6 font-semibold text-primary underline-offset-4 hover:underline"
      >
        Go to the admin login
      </a>
    </main>
  );
}
