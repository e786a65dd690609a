// Layout of every public page: fixed header, the page, footer.
import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { loader as rootLoader } from "~/root";

export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return <Outlet />;
  return (
    <>
      <SiteHeader shell={root.shell} isAdmin={root.isAdmin} />
      <main id="main" className="pt-20">
        <Outlet />
      </main>
      <SiteFooter shell={root.shell} />
    </>
  );
}
