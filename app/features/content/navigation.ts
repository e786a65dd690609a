// The site's navigation as the owner edits it: the header menu (one level of children, the
// Services dropdown with the owner's links after the services), the booking button and the footer's link lists and profile links. Stored
// as the content document's "navigation" section, so it has history, restore and cache drops.
import { findLinkCharacterProblem } from "~/platform/http/site-address";
import { z } from "~/platform/zod";

export const externalUrlMessage =
  "Enter a web address starting with https:// or http://, or a mailto: address";

function isExternalUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === "mailto:") return url.pathname.includes("@");
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** An address outside the site: a web page or an email link, never javascript: or data:. */
const externalUrl = z
  .string()
  .trim()
  .min(1, externalUrlMessage)
  .max(500, "Must be at most 500 characters")
  .superRefine((value, ctx) => {
    // What a browser reads otherwise than the owner (a tab, a backslash) is named first.
    const problem = findLinkCharacterProblem(value);
    if (problem || !isExternalUrl(value)) {
      ctx.addIssue({ code: "custom", message: problem ?? externalUrlMessage });
    }
  });

/**
 * A page of the site by its kind and id (an article's id, a service's slug, a fixed page's path):
 * resolved at render, so a renamed title follows and a hidden page drops out. The kind is any
 * text so kinds added later (owner-built pages) need no change here.
 */
export const pageRefSchema = z.object({
  type: z.literal("page"),
  kind: z.string().trim().min(1, "Choose a page").max(40),
  id: z.string().trim().min(1, "Choose a page").max(300),
});
export type PageRef = z.infer<typeof pageRefSchema>;

export const linkTargetSchema = z.discriminatedUnion(
  "type",
  [pageRefSchema, z.object({ type: z.literal("url"), url: externalUrl })],
  { error: "Choose a page of the site or enter a web address" },
);
export type NavTarget = z.infer<typeof linkTargetSchema>;

const label = z
  .string()
  .trim()
  .min(1, "Enter the link's text")
  .max(60, "Must be at most 60 characters");

export const navLinkSchema = z.object({ label, target: linkTargetSchema });
export type NavLink = z.infer<typeof navLinkSchema>;

export const maxHeaderItems = 10;
export const maxChildren = 10;
export const maxFooterLinks = 16;
export const maxProfiles = 12;

/** The links under a header item; a document stored before they existed has none. */
const childrenSchema = z
  .array(navLinkSchema)
  .max(maxChildren, `At most ${maxChildren} links`)
  .default([]);

/**
 * A header entry: a link (with its children), or the dropdown filled from the services (with the
 * owner's links after them).
 */
export const headerItemSchema = z.discriminatedUnion("type", [
  navLinkSchema.extend({ type: z.literal("link"), children: childrenSchema }),
  z.object({ type: z.literal("services"), label, children: childrenSchema }),
]);
export type HeaderItem = z.infer<typeof headerItemSchema>;

export const profileNetworks = [
  "linkedin",
  "x",
  "github",
  "youtube",
  "facebook",
  "instagram",
  "mastodon",
  "other",
] as const;
export type ProfileNetwork = (typeof profileNetworks)[number];

export const profileNetworkNames: Record<ProfileNetwork, string> = {
  linkedin: "LinkedIn",
  x: "X",
  github: "GitHub",
  youtube: "YouTube",
  facebook: "Facebook",
  instagram: "Instagram",
  mastodon: "Mastodon",
  other: "Profile",
};

export const profileLinkSchema = z.object({
  network: z.enum(profileNetworks, { error: "Choose a network" }),
  url: z
    .url({ protocol: /^https?$/, message: "Enter the profile's address, starting with https://" })
    .max(500, "Must be at most 500 characters"),
  /** The link's accessible name; "" = the network's name. */
  label: z.string().trim().max(60, "Must be at most 60 characters").default(""),
});
export type ProfileLink = z.infer<typeof profileLinkSchema>;

export const navigationSchema = z.object({
  header: z.array(headerItemSchema).max(maxHeaderItems, `At most ${maxHeaderItems} menu items`),
  cta: navLinkSchema,
  quickLinks: z.array(navLinkSchema).max(maxFooterLinks, `At most ${maxFooterLinks} links`),
  bottomLinks: z.array(navLinkSchema).max(maxFooterLinks, `At most ${maxFooterLinks} links`),
  profiles: z.array(profileLinkSchema).max(maxProfiles, `At most ${maxProfiles} profiles`),
});
export type Navigation = z.infer<typeof navigationSchema>;

const page = (path: string): PageRef => ({ type: "page", kind: "page", id: path });
const link = (text: string, path: string): NavLink => ({ label: text, target: page(path) });

/** The menus of the original site: the header, the booking button, the footer's links. */
export const defaultNavigation: Navigation = {
  header: [
    { type: "link", ...link("Home", "/"), children: [] },
    { type: "services", label: "Services", children: [] },
    { type: "link", ...link("About", "/about"), children: [] },
    { type: "link", ...link("Blog", "/blog"), children: [] },
    { type: "link", ...link("Contact", "/contact"), children: [] },
  ],
  cta: link("Book a Consultation", "/booking"),
  quickLinks: [
    link("Home", "/"),
    link("Services", "/services"),
    link("About Us", "/about"),
    link("Case Studies", "/case-studies"),
    link("Blog", "/blog"),
    link("Contact", "/contact"),
    link("Book a Consultation", "/booking"),
  ],
  bottomLinks: [
    link("Privacy Policy", "/privacy-policy"),
    link("Terms of Service", "/terms-of-service"),
    link("Sitemap", "/sitemap"),
  ],
  // The original site's professional-profile link.
  profiles: [
    {
      network: "linkedin",
      url: "https://www.linkedin.com/company/clearline-it-consulting",
      label: "",
    },
  ],
};

/** The network a profile address most likely belongs to, for the admin's first guess. */
export function guessProfileNetwork(url: string): ProfileNetwork {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "other";
  }
  const hosts: [ProfileNetwork, RegExp][] = [
    ["linkedin", /(^|\.)linkedin\.com$/],
    ["x", /(^|\.)(x|twitter)\.com$/],
    ["github", /(^|\.)github\.com$/],
    ["youtube", /(^|\.)(youtube\.com|youtu\.be)$/],
    ["facebook", /(^|\.)(facebook\.com|fb\.com)$/],
    ["instagram", /(^|\.)instagram\.com$/],
    ["mastodon", /(^|\.)(mastodon\.[a-z.]+|mstdn\.[a-z.]+|fosstodon\.org|hachyderm\.io)$/],
  ];
  return hosts.find(([, pattern]) => pattern.test(host))?.[0] ?? "other";
}

/** Whether two profile addresses name the same page (case of the host, "www.", a last "/"). */
export function isSameProfileUrl(first: string, second: string): boolean {
  const key = (url: string) => {
    try {
      const parsed = new URL(url);
      const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
      return `${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
    } catch {
      return url;
    }
  };
  return key(first) === key(second);
}

/** Every page reference of the navigation, children included. */
export function listPageRefs(navigation: Navigation): PageRef[] {
  const links: NavLink[] = [
    ...navigation.header.flatMap((item) =>
      item.type === "link" ? [item, ...item.children] : item.children,
    ),
    navigation.cta,
    ...navigation.quickLinks,
    ...navigation.bottomLinks,
  ];
  return links.flatMap((entry) => (entry.target.type === "page" ? [entry.target] : []));
}

/** One text key per page reference, for sets and maps. */
export function toPageRefKey(ref: Pick<PageRef, "kind" | "id">): string {
  return `${ref.kind}:${ref.id}`;
}

/**
 * Where the menus link to what `matches` accepts (a page link's id, a web link's address), named
 * as the Navigation screen names its lists: "Header menu: About › Careers".
 */
export function listMenuPlaceLabels(
  navigation: Navigation,
  matches: (text: string) => boolean,
): string[] {
  const isLink = (link: NavLink) =>
    matches(link.target.type === "page" ? link.target.id : link.target.url);
  const labels: string[] = [];
  for (const item of navigation.header) {
    if (item.type === "link" && isLink(item)) labels.push(`Header menu: ${item.label}`);
    for (const child of item.children) {
      if (isLink(child)) labels.push(`Header menu: ${item.label} › ${child.label}`);
    }
  }
  if (isLink(navigation.cta)) labels.push(`Booking button: ${navigation.cta.label}`);
  const lists = [
    ["Footer quick links", navigation.quickLinks],
    ["Footer bottom links", navigation.bottomLinks],
  ] as const;
  for (const [name, links] of lists) {
    for (const link of links) if (isLink(link)) labels.push(`${name}: ${link.label}`);
  }
  return [...new Set(labels)];
}
