// What search engines read: the XML sitemap of every public page and robots.txt, with absolute
// addresses from SITE_URL.
import { escapeXml } from "~/platform/http/xml";
import { listIndexedPages, type SitePage } from "./site-pages";

/** The indexed pages: a noindex page is left out. */
export function renderSitemapXml(siteUrl: string, pages: readonly SitePage[]): string {
  const entries = listIndexedPages(pages).map((page) => {
    const lastModified = page.lastModified
      ? `<lastmod>${escapeXml(page.lastModified)}</lastmod>`
      : "";
    return `  <url><loc>${escapeXml(`${siteUrl}${page.path}`)}</loc>${lastModified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** Admin screens, the API and the editor stay out of search results. */
export const disallowedPaths = [
  "/admin",
  "/edit",
  "/working-editor",
  "/images",
  "/content",
  "/api",
];

export function renderRobotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    // "/images" is the admin media library; the image files below it are public and stay
    // crawlable (the longer, more specific rule wins).
    "Allow: /images/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
