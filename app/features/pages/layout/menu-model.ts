// The menus as the public layout draws them, resolved on the server (./navigation.ts): plain
// links, so the header, phone menu and footer carry no rules of their own to the browser.
import type { ProfileNetwork } from "~/features/content/navigation";

export type ResolvedLink = { label: string; href: string; external: boolean };

/**
 * A header item: with children, a menu of them and then its final link (the item's own page, or
 * View All Services); without, a plain link to its final link.
 */
export type ResolvedHeaderItem = {
  label: string;
  children: ResolvedLink[];
  /** Absent when the item's own page is gone but some of its children remain. */
  finalLink?: ResolvedLink;
};

export type ResolvedProfile = {
  network: ProfileNetwork;
  url: string;
  label: string;
  /** The icon's SVG path data (24 by 24, drawn with a 2 px line). */
  icon: readonly string[];
};

export type ResolvedNavigation = {
  header: ResolvedHeaderItem[];
  cta: ResolvedLink | undefined;
  quickLinks: ResolvedLink[];
  bottomLinks: ResolvedLink[];
  profiles: ResolvedProfile[];
};
