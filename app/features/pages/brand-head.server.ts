// What every page's head carries of the brand: the colour and font variables (an inline style
// after the stylesheet, so they win), the font files to preload, the icon links and the search
// engines' verification tags. Made from the content's Brand and Search engines sections.
import { getSiteIconUrl } from "~/capabilities/media/site-icons";
import type { SiteContent } from "~/features/content/schema";
import { buildFontCss, listPreloadedFonts } from "~/platform/document/font-files.server";

export type BrandHead = {
  css: string;
  fontPreloads: string[];
  /** The built-in icon's SVG too: an uploaded icon has PNGs only (a browser prefers an SVG). */
  icons: { svg?: string; favicon32: string; favicon16: string; appleTouch: string };
  verification: { name: string; content: string }[];
};

export function describeBrandHead(content: SiteContent): BrandHead {
  const { brand, searchEngines } = content;
  // Focus rings follow the primary colour, which passed its contrast check against white.
  const colors = `:root{--color-primary:${brand.primaryColor};--color-ring:${brand.primaryColor};--color-accent:${brand.accentColor}}`;
  const headings = "h1,h2,h3,h4,h5,h6{font-family:var(--font-heading)}";
  const verification = [
    { name: "google-site-verification", content: searchEngines.googleVerification },
    { name: "msvalidate.01", content: searchEngines.bingVerification },
  ].filter((tag) => tag.content !== "");
  return {
    css: colors + buildFontCss(brand.bodyFont, brand.headingFont) + headings,
    fontPreloads: listPreloadedFonts(brand.bodyFont, brand.headingFont),
    icons: {
      ...(brand.iconUrl ? {} : { svg: "/favicon.svg" }),
      favicon32: getSiteIconUrl(brand.iconUrl, "favicon-32.png"),
      favicon16: getSiteIconUrl(brand.iconUrl, "favicon-16.png"),
      appleTouch: getSiteIconUrl(brand.iconUrl, "apple-touch-icon.png"),
    },
    verification,
  };
}
