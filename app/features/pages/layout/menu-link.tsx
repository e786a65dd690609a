// One link of the site's menus: a client-side link to a page of the site (marked as the current
// page when it is), or a plain link to another site.
import { NavLink } from "react-router";
import type { ResolvedLink } from "./menu-model";

type ClassOf = string | ((state: { isActive: boolean }) => string);

export function MenuLink({ link, className }: { link: ResolvedLink; className?: ClassOf }) {
  return link.external ? (
    <a
      href={link.href}
      className={typeof className === "function" ? className({ isActive: false }) : className}
      rel="noopener"
    >
      {link.label}
    </a>
  ) : (
    <NavLink to={link.href} end={link.href === "/"} className={className}>
      {link.label}
    </NavLink>
  );
}
