// The admin workspace: every admin screen behind the one gate (middleware), framed by the one
// shell. The spec's editor addresses may open without a session: they check it in the browser,
// and show no shell until they know who is signed in.
import { Outlet } from "react-router";
import { getGateSession, requireAdminMiddleware } from "~/features/admin/gate.server";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import type { Route } from "./+types/workspace-layout";

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { email: getGateSession(context)?.email ?? null };
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  if (!loaderData.email) return <Outlet />;
  return (
    <AdminShell email={loaderData.email}>
      <Outlet />
    </AdminShell>
  );
}
