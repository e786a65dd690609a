// The brand's tags in every page's head (made by brand-head.server.ts): variables, fonts, icons,
// the web app manifest and the search engines' verification tags.
import type { BrandHead as BrandHeadData } from "~/features/pages/brand-head.server";

export function BrandHead({ head }: { head: BrandHeadData }) {
  return (
    <>
      <meta name="theme-color" content={head.themeColor} />
      <style
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built from checked hex colours and a fixed font list.
        dangerouslySetInnerHTML={{ __html: head.css }}
      />
      {head.links.map((link) => (
        <link key={link.rel + link.href} {...link} />
      ))}
      {head.verification.map((tag) => (
        <meta key={tag.name} {...tag} />
      ))}
    </>
  );
}
