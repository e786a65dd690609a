// The admin navigation: the one list every admin screen's menu is drawn from. A feature with its
// own admin screens adds its entries here (publishing adds Articles and Case studies).
export type AdminNavItem = {
  to: string;
  label: string;
  /** Other addresses of the same screen, which mark this item as the current one. */
  alsoAt?: readonly string[];
  /** Addresses under this one belong to it too (a revision under History). */
  nested?: boolean;
};

export const adminNavItems: readonly AdminNavItem[] = [
  { to: "/edit", label: "Content", alsoAt: ["/admin", "/working-editor"] },
  { to: "/content", label: "More content" },
  { to: "/admin/articles", label: "Articles", nested: true },
  { to: "/admin/case-studies", label: "Case studies", nested: true },
  { to: "/images", label: "Images" },
  { to: "/admin/leads", label: "Leads", nested: true },
  { to: "/admin/history", label: "History", nested: true },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/admins", label: "Admins" },
];

/** The public site, last in the menu; it is the admin screens' home link. */
export const viewSiteItem: AdminNavItem = { to: "/", label: "View site" };

export function isCurrentNavItem(item: AdminNavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === item.to || item.alsoAt?.includes(path)) return true;
  return Boolean(item.nested && path.startsWith(`${item.to}/`));
}
