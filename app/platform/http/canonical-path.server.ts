// One address per page: a path without a trailing slash, doubled slashes or capital letters. The
// redirects feature answers other forms with a 301; the page cache keys pages by it. The API,
// built assets and image files keep their exact paths.
const exactPaths = /^\/(api|assets|images)\//;

/** The canonical form of a page path, or undefined when it already is canonical or exempt. */
export function getCanonicalPath(path: string): string | undefined {
  let canonical = path.replace(/\/{2,}/g, "/").toLowerCase();
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, "");
  if (exactPaths.test(`${canonical}/`)) return undefined;
  return canonical === path ? undefined : canonical;
}
