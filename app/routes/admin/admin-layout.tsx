// Layout of the admin area (login and content editor): outside the site's header and footer,
// never stored by caches and never indexed.
import { Outlet } from "react-router";

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-slate-50">
      <Outlet />
    </div>
  );
}
