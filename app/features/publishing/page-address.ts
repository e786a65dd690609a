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
 * of every route's address, read from the build's routes, so a new route is reserved by itself.
 */
export function findAddressConflict(
  slug: string,
  routeSegments: ReadonlySet<string>,
): string | undefined {
  if (routeSegments.has(slug)) {
    return `/${slug} is a page of the site already: choose another address`;
  }
  if ((reservedSegments as readonly string[]).includes(slug)) {
    return `/${slug} is kept for the site's own use: choose another address`;
  }
  return undefined;
}
