// Layout of every public page: fixed header, the page, footer. While a client-side navigation to
// another page loads for longer than a moment, the page area shows that page's skeleton instead
// of the old page; a first visit arrives complete from the server.
import { useEffect } from "react";
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { SiteFooter } from "~/features/pages/layout/site-footer";
import { SiteHeader } from "~/features/pages/layout/site-header";
import { usePageSkeleton } from "~/features/pages/skeletons/use-page-skeleton";
import type { RouteHandle } from "~/platform/route-handle";
import type { loader as rootLoader } from "~/root";
import { useDelayedFlag } from "~/ui/hooks/use-delayed-flag";

// The public pages may be kept by the page cache; a page that reads query parameters says which.
export const handle = { cache: { query: [] } } satisfies RouteHandle;

/** Navigations faster than this show no skeleton, so they do not flash. */
const skeletonDelayMs = 200;

export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const navigation = useNavigation();
  const location = useLocation();
  // Only a move to another page: a new query on the same page (blog search, Load More) keeps
  // the page in place while its data loads.
  const pendingPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : undefined;
  const PageSkeleton = usePageSkeleton(pendingPath !== undefined);
  const showSkeleton =
    useDelayedFlag(pendingPath !== undefined, skeletonDelayMs) && PageSkeleton !== undefined;
  // The skeleton is the top of the next page: show it from the top, not where the old, longer
  // page was scrolled to (going back, scroll restoration still returns to the old place).
  useEffect(() => {
    if (showSkeleton) window.scrollTo(0, 0);
  }, [showSkeleton]);
  if (!root) return <Outlet />;
  return (
    <>
      <SiteHeader shell={root.shell} navigation={root.navigation} isAdmin={root.isAdmin} />
      <main id="main" className="pt-20" aria-busy={showSkeleton || undefined}>
        {showSkeleton && pendingPath && PageSkeleton ? (
          <PageSkeleton pathname={pendingPath} />
        ) : (
          <Outlet />
        )}
      </main>
      <SiteFooter shell={root.shell} navigation={root.navigation} />
    </>
  );
}
