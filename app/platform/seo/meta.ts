// Head tags for a public page: unique title, a 70-160 character meta description, canonical link,
// Open Graph and Twitter tags with the page's 1200x630 preview image, and its structured data.
// Route modules call it from their meta() with the root loader's siteUrl and shell content.
import type { MetaDescriptor } from "react-router";
import { chooseDescription } from "~/platform/seo/description";
import { getPreviewImagePath, toSharedImagePath } from "~/platform/seo/preview-image-paths";
import type { SeoSettings } from "./seo-settings";
import {
  type ArticleFacts,
  buildArticle,
  buildBreadcrumbs,
  buildOrganization,
  buildService,
  buildWebSite,
  type Crumb,
  type ServiceFacts,
  type SiteIdentity,
} from "./structured-data";

type RootData = {
  siteUrl: string;
  shell: Omit<SiteIdentity, "siteUrl" | "description"> & {
    tagline: string;
    footerDescription: string;
  };
};

type MetaArgsLike = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

export type PageMeta = {
  /** The page's own title; the company name is appended unless the title already has it. */
  title: string;
  description: string;
  /** The page's search description written in the admin; "" or none = fit `description`. */
  written?: string;
  /** Canonical path; defaults to the current path. */
  path?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** The page speaks for the firm (home, about): a ProfessionalService entity. */
  organization?: boolean;
  /** The home page: a WebSite entity too. */
  website?: boolean;
  /** A service page: a Service entity, described as the meta description is. */
  service?: Omit<ServiceFacts, "description">;
  /** An article: an Article entity, described as the meta description is. */
  article?: Omit<ArticleFacts, "description">;
  /** The link-card image's path when not the page's generated card (an article's cover). */
  image?: string;
  /**
   * What the owner set for the page (any record carrying the fields will do): a search title for
   * <title> and og:title (with the site's name or not), a written description, an uploaded link-card image, noindex.
   */
  seo?: Partial<SeoSettings> | undefined;
};

/** Breadcrumb names of the sections with pages below them. */
const sectionNames: Record<string, string> = {
  services: "Services",
  "case-studies": "Case Studies",
  blog: "Blog",
};

/** Home, the section (for a page below one) and the page itself. */
function getTrail(path: string, name: string): Crumb[] {
  const [section, child] = path.split("/").filter(Boolean);
  const trail: Crumb[] = [{ name: "Home", path: "/" }];
  if (section && child) trail.push({ name: sectionNames[section] ?? section, path: `/${section}` });
  trail.push({ name, path });
  return trail;
}

/**
 * The page's <title>: its own title, then the company name unless the title already has it or the
 * page's settings leave it off.
 */
export function formatPageTitle(title: string, companyName: string, withSiteName = true): string {
  return withSiteName && companyName && !title.includes(companyName)
    ? `${title} | ${companyName}`
    : title;
}

/** The sentence added after a computed description shorter than 70 characters. */
export function getDescriptionExtra(companyName: string, tagline: string): string {
  return `${companyName}: ${tagline}.`;
}

export const previewImageSize = { width: 1200, height: 630 } as const;

export function buildPageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  // React Router 8 hands each match's data over as loaderData.
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    | RootData
    | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const companyName = root?.shell.companyName ?? "";
  const seo = page.seo ?? {};
  // A title that already names the company (the home page's) does not get it twice.
  const title = formatPageTitle(
    seo.seoTitle?.trim() || page.title,
    companyName,
    seo.siteNameInTitle !== false,
  );
  const path = page.path ?? args.location.pathname;
  const url = `${siteUrl}${path}`;
  const description = chooseDescription(
    seo.seoDescription ?? page.written,
    page.description,
    root ? getDescriptionExtra(companyName, root.shell.tagline) : "",
  );
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: companyName },
  ];
  const robots: MetaDescriptor = { name: "robots", content: "noindex" };
  if (page.noindex) return [...tags, robots];
  // The owner's noindex keeps the page's link card: a campaign page is shared, not searched for.
  if (seo.noindex) tags.push(robots);

  const image = `${siteUrl}${toSharedImagePath(seo.seoImage || page.image || getPreviewImagePath(path))}`;
  tags.push({ property: "og:image", content: image });
  // An uploaded image is sent as it is: its type and size are its own, not the card's.
  if (!seo.seoImage) {
    tags.push(
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: String(previewImageSize.width) },
      { property: "og:image:height", content: String(previewImageSize.height) },
    );
  }
  tags.push(
    { property: "og:image:alt", content: title },
    { name: "twitter:card", content: "summary_large_image" },
  );
  // Structured data is for crawlers, which read the server's HTML: the browser build leaves its
  // code out (the JavaScript budget) and React keeps the server's tags when it hydrates the head.
  if (!root || !import.meta.env.SSR) return tags;
  const site: SiteIdentity = {
    ...root.shell,
    siteUrl,
    description: root.shell.footerDescription,
  };
  const data = [
    page.organization && buildOrganization(site, image),
    page.website && buildWebSite(site),
    page.service && buildService(site, url, { ...page.service, description }),
    page.article && buildArticle(site, url, image, { ...page.article, description }),
    path !== "/" && buildBreadcrumbs(siteUrl, getTrail(path, page.title)),
  ];
  for (const entity of data) if (entity) tags.push({ "script:ld+json": entity });
  return tags;
}
