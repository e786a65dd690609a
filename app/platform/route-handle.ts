// What a route module says about itself in its `handle`: its place in the sitemaps, what the page
// cache may do with its answers, its admin navigation entry. Checked with `satisfies RouteHandle`,
// and again by the schema when the host reads them (route-facts.server.ts).
import { type AdminRole, adminRoleSchema } from "~/platform/admin-roles";
import { z } from "~/platform/zod";

/** The kinds of public page: a fixed page, or one of the pages made from each record. */
export const sitePageKinds = ["page", "service", "case-study", "article"] as const;
export type SitePageKind = (typeof sitePageKinds)[number];

/**
 * Where the page comes in the sitemaps, lowest first: the main pages from 10, the pages per record
 * from 100, legal from 300. Groups follow their first page.
 */
const pageOrder = z.number();

/** A fixed public page (the route's path is its address). */
const fixedPageSchema = z.object({
  /** Its name in lists and on its link-preview image, or the content section whose heading is. */
  title: z.union([
    z.string(),
    z.object({ contentHeading: z.enum(["services", "caseStudies", "blog"]) }),
  ]),
  /** The heading the HTML sitemap lists it under. */
  group: z.string(),
  order: pageOrder,
  /**
   * What the page shows, so its last-modified time is that data's: the content, the content and
   * the case studies (or articles) it lists, or everything (the home page and its kin).
   */
  changesWith: z.enum(["content", "case-studies", "articles", "everything"]).default("content"),
});

/** A page per record: the route's one parameter is each record's slug or id. */
const recordPageSchema = z.object({
  each: z.enum(["service", "case-study", "article"]),
  group: z.string(),
  order: pageOrder,
});

/** An entry of the admin navigation; the route's path is its address unless it gives `to`. */
const adminNavEntrySchema = z.object({
  label: z.string(),
  /** Its place in the menu, lowest first. */
  order: z.number(),
  /** The address, for a route whose path has a parameter (one route, several entries). */
  to: z.string().startsWith("/").optional(),
  /** Addresses under this one belong to it too (a revision under History). */
  nested: z.boolean().default(false),
  /**
   * A count shown beside the entry (new messages beside Leads), by the name of the reader a
   * feature registers at boot (admin/shell/nav-badges.server.ts): the entry just names it.
   */
  badge: z.string().optional(),
});

export const routeHandleSchema = z.object({
  /** A public page: listed in /sitemap.xml and /sitemap, with a link-preview image. */
  page: z.union([fixedPageSchema, recordPageSchema]).optional(),
  /**
   * Whether the page cache may keep this route's pages, and the query parameters the page reads
   * (every other parameter maps to the same entry). Child routes inherit it; a route without it
   * anywhere above is never kept. False: never kept (personal or not public).
   */
  cache: z
    .union([z.literal(false), z.object({ query: z.array(z.string()).readonly().default([]) })])
    .optional(),
  /** The admin navigation's entries for this screen. */
  adminNav: z.union([adminNavEntrySchema, z.array(adminNavEntrySchema)]).optional(),
  /**
   * The role an admin needs for this route (its page, its posts, its download): the admin gate
   * answers 403 to anyone else, and the menu leaves its entries out for them. None: every admin.
   */
  role: adminRoleSchema.optional(),
  /**
   * "linked": pages under this route do not inline the public stylesheet: they link a sheet of
   * their own that holds it (the admin screens).
   */
  stylesheet: z.literal("linked").optional(),
});

export type RouteHandle = z.input<typeof routeHandleSchema>;
export type PageFacts = NonNullable<z.output<typeof routeHandleSchema>["page"]>;
export type CacheRule = NonNullable<z.output<typeof routeHandleSchema>["cache"]>;

/** A public page route: its facts and its path pattern ("/services/:slug"). */
export type PageRoute = PageFacts & { path: string };

/** One entry of the admin navigation, as the shell draws it. */
export type AdminNavItem = {
  to: string;
  label: string;
  /** Other addresses of the same screen, which mark this item as the current one. */
  alsoAt?: readonly string[];
  nested?: boolean;
  /** The name of the count shown beside it (NavBadges). */
  badge?: string;
  /** The role its screen needs (the route's handle `role`): the menu shows it to that role only. */
  role?: AdminRole;
};
