// Whether a page may take an address: not one a route of the site answers, nor a prefix kept for
// the site's own files and screens, so a page can never shadow anything the site has.

/** Kept for the site's own use though no route of this release starts with them. */
export const reservedSegments = [
  "admin",
  "api",
  "assets",
  "images",
  "og",
  "blog",
  "case-studies",
  "services",
  "newsletter",
  "edit",
  "working-editor",
  "sitemap",
  "robots",
  "favicon",
  "fonts",
  "uploads",
  "static",
  "build",
  "feed",
  "login",
  "logout",
  "search",
  "pages",
  "preview",
  // The editor's address of a page not yet saved: /admin/pages/new
  "new",
] as const;

/**
 * Why a page cannot have this address, or undefined when it may. routeSegments: the first segment
 * of every route's address (and of every path the host answers), read from the code, so a new
 * route is reserved by itself. An address one level deeper ("campaigns/m365-audit") is held to
 * the same rules at each level: no route's first segment, no reserved word.
 */
export function findAddressConflict(
  slug: string,
  routeSegments: ReadonlySet<string>,
): string | undefined {
  const [first = "", ...deeper] = slug.split("/");
  if (routeSegments.has(first)) {
    return `/${first} is a page of the site already: choose another address`;
  }
  for (const segment of [first, ...deeper]) {
    if ((reservedSegments as readonly string[]).includes(segment)) {
      return `/${segment} is kept for the site's own use: choose another address`;
    }
    if (deeper.includes(segment) && routeSegments.has(segment)) {
      return `/${segment} is a page of the site already: choose another word for each level`;
    }
  }
  return undefined;
}
