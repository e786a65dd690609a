// What every page's head carries of the brand: the toolbar colour, the colour and font variables
// (an inline style after the stylesheet, so they win), the font files to preload, the icon links
// and the search engines' verification tags. Made from the content's Brand and Search engines.
import { getSiteIconUrl } from "~/capabilities/media/site-icons";
import { deriveBrandPalette, formatPaletteVariables } from "~/features/content/brand-palette";
import type { SiteContent } from "~/features/content/schema";
import { buildFontCss, listPreloadedFonts } from "~/platform/document/font-files.server";

export type HeadLink = {
  rel: string;
  href: string;
  crossOrigin?: "" | "use-credentials";
} & Partial<Record<"as" | "type" | "sizes", string>>;

export type BrandHead = {
  css: string;
  /** Each <link>'s attributes, in order: font preloads, icons, the manifest. */
  links: HeadLink[];
  verification: { name: string; content: string }[];
  /** The browser's toolbar colour on phones: the primary colour, as in the web manifest. */
  themeColor: string;
};

export function describeBrandHead(content: SiteContent): BrandHead {
  const { brand, searchEngines } = content;
  // Focus rings follow the primary colour, which passed its contrast check against white.
  // The dark bands and light washes follow the two colours (brand-palette.ts).
  const palette = formatPaletteVariables(deriveBrandPalette(brand));
  const colors = `:root{--color-primary:${brand.primaryColor};--color-ring:${brand.primaryColor};--color-accent:${brand.accentColor};${palette}}`;
  const headings = "h1,h2,h3,h4,h5,h6{font-family:var(--font-heading)}";
  const verification = [
    { name: "google-site-verification", content: searchEngines.googleVerification },
    { name: "msvalidate.01", content: searchEngines.bingVerification },
  ].filter((tag) => tag.content !== "");
  const icon = (file: Parameters<typeof getSiteIconUrl>[1]) => getSiteIconUrl(brand.iconUrl, file);
  const links: HeadLink[] = [
    ...listPreloadedFonts(brand.bodyFont, brand.headingFont).map(
      (href): HeadLink => ({
        rel: "preload",
        href,
        as: "font",
        type: "font/woff2",
        crossOrigin: "",
      }),
    ),
    // The built-in icon's SVG too: an uploaded icon has PNGs only (a browser prefers an SVG).
    ...(brand.iconUrl ? [] : [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }]),
    { rel: "icon", href: icon("favicon-32.png"), type: "image/png", sizes: "32x32" },
    { rel: "icon", href: icon("favicon-16.png"), type: "image/png", sizes: "16x16" },
    { rel: "apple-touch-icon", href: icon("apple-touch-icon.png"), sizes: "180x180" },
    // Chrome fetches the manifest while the page loads: without credentials on a connection of its
    // own, whose setup Lighthouse's slow phone counts before the largest paint; with them it
    // reuses the page's connection.
    { rel: "manifest", href: "/manifest.webmanifest", crossOrigin: "use-credentials" },
  ];
  return {
    css: colors + buildFontCss(brand.bodyFont, brand.headingFont) + headings,
    links,
    verification,
    themeColor: brand.primaryColor,
  };
}
