// The navigation as the public layout draws it: each stored link resolved against the site's
// current pages. A link to a page that is gone, unpublished or not yet published is left out,
// never drawn as a dead link; the admin screen flags the same links from `findMissingRefs`.
import {
  type Navigation,
  type NavLink,
  type NavTarget,
  type PageRef,
  profileNetworkNames,
  toPageRefKey,
} from "~/features/content/navigation";
import type { SitePage } from "../site-pages";
import type { ResolvedHeaderItem, ResolvedLink, ResolvedNavigation } from "./menu-model";
import { profileMarks } from "./profile-marks";

/** The site's pages by kind and id. */
export function indexSitePages(pages: readonly SitePage[]): ReadonlyMap<string, SitePage> {
  return new Map(pages.map((page) => [toPageRefKey(page), page]));
}

function resolveTarget(
  target: NavTarget,
  pages: ReadonlyMap<string, SitePage>,
): { href: string; external: boolean } | undefined {
  if (target.type === "url") return { href: target.url, external: true };
  const page = pages.get(toPageRefKey(target));
  return page && { href: page.path, external: false };
}

function resolveLinks(links: readonly NavLink[], pages: ReadonlyMap<string, SitePage>) {
  return links.flatMap((link): ResolvedLink[] => {
    const resolved = resolveTarget(link.target, pages);
    return resolved ? [{ label: link.label, ...resolved }] : [];
  });
}

/**
 * The Services menu: every service, in the services' order, then the owner's own links under it,
 * then the list of them all.
 */
function listServiceMenu(
  label: string,
  own: readonly NavLink[],
  pages: ReadonlyMap<string, SitePage>,
): ResolvedHeaderItem {
  const services = [...pages.values()].filter((page) => page.kind === "service");
  return {
    label,
    children: [
      ...services.map((page) => ({ label: page.title, href: page.path, external: false })),
      ...resolveLinks(own, pages),
    ],
    // With no service the item is a plain link, named as the owner named it.
    finalLink: {
      label: services.length > 0 ? "View All Services" : label,
      href: "/services",
      external: false,
    },
  };
}

export function resolveNavigation(
  navigation: Navigation,
  pages: ReadonlyMap<string, SitePage>,
): ResolvedNavigation {
  const header = navigation.header.flatMap((item): ResolvedHeaderItem[] => {
    if (item.type === "services") return [listServiceMenu(item.label, item.children, pages)];
    const own = resolveTarget(item.target, pages);
    const children = resolveLinks(item.children, pages);
    if (!own && children.length === 0) return [];
    return [
      { label: item.label, children, ...(own && { finalLink: { label: item.label, ...own } }) },
    ];
  });
  const [cta] = resolveLinks([navigation.cta], pages);
  return {
    header,
    cta,
    quickLinks: resolveLinks(navigation.quickLinks, pages),
    bottomLinks: resolveLinks(navigation.bottomLinks, pages),
    profiles: navigation.profiles.map((profile) => ({
      ...profile,
      label: profile.label || profileNetworkNames[profile.network],
      icon: profileMarks[profile.network],
    })),
  };
}

/** The page references that name no current page (deleted, unpublished, scheduled, renamed). */
export function findMissingRefs(
  refs: readonly PageRef[],
  pages: ReadonlyMap<string, SitePage>,
): string[] {
  return [...new Set(refs.map(toPageRefKey))].filter((key) => !pages.has(key));
}
