// Every route's handle facts (route-handle.ts), collected from the server build's route modules
// when the build loads: the public page routes the sitemaps list, the page cache's rule for any
// path, and the admin navigation. The host hands them on (loaders read them from the app context).

import type { AdminRole } from "./admin-roles";
import { createPathMatcher, type PathMatcher } from "./path-matcher";
import {
  type AdminNavItem,
  type CacheRule,
  type PageRoute,
  routeHandleSchema,
} from "./route-handle";

/** The part of a server build's route manifest (`build.routes`) read here. */
export type RouteManifest = Record<
  string,
  | {
      id: string;
      parentId?: string;
      path?: string;
      index?: boolean;
      module: { handle?: unknown };
    }
  | undefined
>;

type ManifestRoute = NonNullable<RouteManifest[string]>;
type ParsedHandle = ReturnType<typeof routeHandleSchema.parse>;

export type RouteFacts = {
  /** The public page routes, in the sitemaps' order. */
  pages: readonly PageRoute[];
  /**
   * The page cache's rule for a path, from the route that answers it (inherited from the routes
   * above); a path that falls under none, or under one without a rule, is never kept.
   */
  getCacheRule: PathMatcher<CacheRule | undefined>;
  /** The admin navigation, in menu order. */
  adminNav: readonly AdminNavItem[];
  /** The role a path's route needs (its handle's `role`), for the admin gate; none: any admin. */
  getRequiredRole: PathMatcher<AdminRole | undefined>;
  /** The first segment of every route's address ("services", "admin"): taken for other uses. */
  firstSegments: ReadonlySet<string>;
  /** Every route's address that has no parameter ("/about", "/robots.txt"): answered as is. */
  fixedPaths: ReadonlySet<string>;
};

function parseHandle(route: ManifestRoute): ParsedHandle {
  const parsed = routeHandleSchema.safeParse(route.module.handle ?? {});
  if (parsed.success) return parsed.data;
  throw new Error(`The handle of route ${route.id} is not valid: ${parsed.error.message}`);
}

/** The route and the routes above it, nearest first. */
function listAncestry(manifest: RouteManifest, route: ManifestRoute): ManifestRoute[] {
  const ancestry = [route];
  for (let id = route.parentId; id !== undefined; ) {
    const parent = manifest[id];
    if (!parent) break;
    ancestry.push(parent);
    id = parent.parentId;
  }
  return ancestry;
}

/** The route's whole path pattern ("/services/:slug"), from its own and its parents' paths. */
function getFullPath(ancestry: readonly ManifestRoute[]): string {
  const segments = ancestry
    .toReversed()
    .flatMap((route) => (route.path ?? "").split("/"))
    .filter(Boolean);
  return `/${segments.join("/")}`;
}

function countParameters(path: string): number {
  return path.split("/").filter((segment) => segment.startsWith(":") || segment === "*").length;
}

function checkPage(route: ManifestRoute, path: string, page: NonNullable<ParsedHandle["page"]>) {
  const parameters = countParameters(path);
  if ("each" in page ? parameters !== 1 : parameters !== 0) {
    throw new Error(
      `Route ${route.id} (${path}): a fixed page has no parameter, a page per record exactly one`,
    );
  }
  return { ...page, path } satisfies PageRoute;
}

/** One menu entry per label; the other routes that carry it are other addresses of it. */
function addNavEntries(
  items: Map<string, AdminNavItem & { order: number }>,
  route: ManifestRoute,
  path: string,
  adminNav: NonNullable<ParsedHandle["adminNav"]>,
  role: AdminRole | undefined,
) {
  for (const entry of [adminNav].flat()) {
    const known = items.get(entry.label);
    if (known) {
      if (countParameters(path) === 0 && path !== known.to) {
        known.alsoAt = [...(known.alsoAt ?? []), path];
      }
      continue;
    }
    const to = entry.to ?? path;
    if (countParameters(to) > 0) {
      throw new Error(`Route ${route.id} (${path}): its admin navigation entry needs a "to"`);
    }
    const item: AdminNavItem & { order: number } = { to, label: entry.label, order: entry.order };
    if (entry.nested) item.nested = true;
    if (entry.badge) item.badge = entry.badge;
    if (role) item.role = role;
    if (path !== to && countParameters(path) === 0) item.alsoAt = [path];
    items.set(entry.label, item);
  }
}

/** The first segment of a path pattern when it is a fixed word ("/services/:slug": "services"). */
function readFixedFirstSegment(path: string): string | undefined {
  const first = path.split("/")[1];
  return first && first !== "*" && !first.startsWith(":") ? first : undefined;
}

/**
 * The facts with the paths the host answers before any route (/healthz, /assets) among the taken
 * first segments, so a page can never be hidden behind one.
 */
export function addHostPaths(facts: RouteFacts, hostPaths: Iterable<string>): RouteFacts {
  const firstSegments = new Set(facts.firstSegments);
  for (const path of hostPaths) {
    const first = readFixedFirstSegment(path);
    if (first) firstSegments.add(first);
  }
  return { ...facts, firstSegments };
}

export function collectRouteFacts(manifest: RouteManifest): RouteFacts {
  const handles = new Map<string, ParsedHandle>();
  const handleOf = (route: ManifestRoute) => {
    let handle = handles.get(route.id);
    if (!handle) {
      handle = parseHandle(route);
      handles.set(route.id, handle);
    }
    return handle;
  };
  const pages: PageRoute[] = [];
  const cacheRules: [string, CacheRule | undefined][] = [];
  const roleRules: [string, AdminRole | undefined][] = [];
  const navItems = new Map<string, AdminNavItem & { order: number }>();
  const firstSegments = new Set<string>();
  const fixedPaths = new Set<string>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const handle = handleOf(route);
    // Layouts (and the root) answer no address of their own.
    if (!route.index && !route.path) continue;
    const ancestry = listAncestry(manifest, route);
    const path = getFullPath(ancestry);
    const cache = ancestry.map((each) => handleOf(each).cache).find((rule) => rule !== undefined);
    cacheRules.push([path, cache]);
    const first = readFixedFirstSegment(path);
    if (first) firstSegments.add(first);
    if (countParameters(path) === 0) fixedPaths.add(path);
    if (handle.page) pages.push(checkPage(route, path, handle.page));
    if (handle.adminNav) addNavEntries(navItems, route, path, handle.adminNav, handle.role);
    roleRules.push([path, handle.role]);
  }
  return {
    pages: pages.sort((a, b) => a.order - b.order),
    getCacheRule: createPathMatcher(cacheRules),
    adminNav: [...navItems.values()]
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, ...item }) => item),
    getRequiredRole: createPathMatcher(roleRules),
    firstSegments,
    fixedPaths,
  };
}
