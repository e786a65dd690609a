// One link of the site's menus: a client-side link to a page of the site, or a plain link to
// another site (no referrer-less new tab: menus stay in the tab the visitor chose).
import { Link } from "react-router";
import type { ResolvedLink } from "./navigation";

export function MenuLink({ link, className }: { link: ResolvedLink; className?: string }) {
  return link.external ? (
    <a href={link.href} className={className} rel="noopener">
      {link.label}
    </a>
  ) : (
    <Link to={link.href} className={className}>
      {link.label}
    </Link>
  );
}
