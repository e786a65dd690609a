// The navigation as the public layout draws it: each stored link resolved against the site's
// current pages. A link to a page that is gone, unpublished or not yet published is left out,
// never drawn as a dead link; the admin screen flags the same links from `findMissingRefs`.
import {
  type Navigation,
  type NavLink,
  type NavTarget,
  type PageRef,
  type ProfileNetwork,
  profileNetworkNames,
  toPageRefKey,
} from "~/features/content/navigation";
import type { SitePage } from "../site-pages";

export type ResolvedLink = { label: string; href: string; external: boolean };

export type ResolvedHeaderItem =
  | {
      type: "link";
      label: string;
      /** Absent when the item's own page is gone but some of its children remain. */
      href?: string;
      external: boolean;
      children: ResolvedLink[];
    }
  | { type: "services"; label: string };

export type ResolvedProfile = { network: ProfileNetwork; url: string; label: string };

export type ResolvedNavigation = {
  header: ResolvedHeaderItem[];
  cta: ResolvedLink | undefined;
  quickLinks: ResolvedLink[];
  bottomLinks: ResolvedLink[];
  profiles: ResolvedProfile[];
};

/** The kinds whose pages come from the content and the routes alone, with no database read. */
export const contentPageKinds: readonly string[] = ["page", "service"];

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

export function resolveNavigation(
  navigation: Navigation,
  pages: ReadonlyMap<string, SitePage>,
): ResolvedNavigation {
  const header = navigation.header.flatMap((item): ResolvedHeaderItem[] => {
    if (item.type === "services") return [item];
    const own = resolveTarget(item.target, pages);
    const children = resolveLinks(item.children, pages);
    if (!own && children.length === 0) return [];
    return [
      { type: "link", label: item.label, external: own?.external ?? false, children, ...own },
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

/** The Services menu's entries: every service, then the list of them all. */
export function listServiceLinks(services: readonly { title: string; slug: string }[]): {
  links: ResolvedLink[];
  finalLink: ResolvedLink;
} {
  return {
    links: services.map((service) => ({
      label: service.title,
      href: `/services/${service.slug}`,
      external: false,
    })),
    finalLink: { label: "View All Services", href: "/services", external: false },
  };
}

/** A header item's own link, when it has one. */
export function getOwnLink(
  item: Extract<ResolvedHeaderItem, { type: "link" }>,
): ResolvedLink | undefined {
  return item.href === undefined
    ? undefined
    : { label: item.label, href: item.href, external: item.external };
}
