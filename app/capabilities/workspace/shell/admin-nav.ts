// The admin navigation's rules: which entry is the current screen, and the public site's link
// that ends the menu. The entries themselves come from the admin routes' handles (`adminNav`,
// platform/route-handle.ts), collected once from the build and handed to the shell.
import type { AdminNavItem } from "~/platform/route-handle";

/** The public site, last in the menu; it is the admin screens' home link. */
export const viewSiteItem: AdminNavItem = { to: "/", label: "View site" };

export function isCurrentNavItem(item: AdminNavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === item.to || item.alsoAt?.includes(path)) return true;
  return Boolean(item.nested && path.startsWith(`${item.to}/`));
}
