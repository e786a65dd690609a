// A link of a block's button: drawn only when a save would accept it, the site's own addresses
// kept in the app, others plain.
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { findLinkProblem } from "~/capabilities/fields/field-kinds";

/** Whether a button's link is drawn: one a save would refuse never is, whatever is stored. */
export const isDrawnLink = (href: string) => Boolean(href) && !findLinkProblem(href);

export function BlockLink({ href, children, ...rest }: ComponentProps<"a"> & { href: string }) {
  // The rest is what a Button passes its child (asChild): its classes and handlers.
  return href.startsWith("/") ? (
    <Link to={href} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
