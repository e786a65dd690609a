// The admin workspace: every admin screen behind the one gate (middleware), framed by the one
// shell. The editor's addresses may open without a session: they check it in the browser,
// and show no shell until they know who is signed in.
import { Outlet } from "react-router";
import { getGateSession, requireAdminMiddleware } from "~/capabilities/workspace/gate.server";
import { AdminShell } from "~/capabilities/workspace/shell/admin-shell";
import { readNavBadges } from "~/capabilities/workspace/shell/nav-badges.server";
import { requireTwoFactorSetupMiddleware } from "~/features/admin/two-factor/require-two-factor.server";
import { adminRoleLabels, isRoleAllowed } from "~/platform/admin-roles";
import { getAppContext } from "~/platform/context.server";
import { getRequestData } from "~/platform/request-data.server";
import type { Route } from "./+types/workspace-layout";

// After the gate: while the site requires two-factor, an admin without it sees only Security.
export const middleware: Route.MiddlewareFunction[] = [
  requireAdminMiddleware,
  requireTwoFactorSetupMiddleware,
];

export async function loader({ context }: Route.LoaderArgs) {
  const session = getGateSession(context);
  if (!session) return { email: null, roleLabel: undefined, nav: [], badges: {}, timeZone: "UTC" };
  // The menu's entries, from the admin routes' handles, with their counts (new messages); only a
  // signed-in admin sees the shell. The site time zone is every screen's, for the times drawn in
  // the browser (useSiteTimeZone).
  // The menu lists only the screens the admin's role may open (their handles' `role`).
  const { db, routes } = getAppContext(context);
  const nav = routes.adminNav.filter((item) => isRoleAllowed(session.role, item.role));
  const [badges, timeZone] = await Promise.all([
    readNavBadges(db, nav),
    getRequestData(context).timeZone(),
  ]);
  return { email: session.email, roleLabel: adminRoleLabels[session.role], nav, badges, timeZone };
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  if (!loaderData.email) return <Outlet />;
  return (
    <AdminShell
      email={loaderData.email}
      roleLabel={loaderData.roleLabel}
      nav={loaderData.nav}
      badges={loaderData.badges}
    >
      <Outlet />
    </AdminShell>
  );
}
