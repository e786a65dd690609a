// The brand's tags in every page's head (made by brand-head.server.ts): variables, fonts, icons,
// the web app manifest and the search engines' verification tags.
import type { BrandHead as BrandHeadData } from "~/features/pages/brand-head.server";

export function BrandHead({ head }: { head: BrandHeadData }) {
  return (
    <>
      {head.fontPreloads.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
      ))}
      <style
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built from checked hex colours and a fixed font list.
        dangerouslySetInnerHTML={{ __html: head.css }}
      />
      {head.icons.svg ? <link rel="icon" href={head.icons.svg} type="image/svg+xml" /> : null}
      <link rel="icon" href={head.icons.favicon32} type="image/png" sizes="32x32" />
      <link rel="icon" href={head.icons.favicon16} type="image/png" sizes="16x16" />
      <link rel="apple-touch-icon" href={head.icons.appleTouch} sizes="180x180" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {head.verification.map((tag) => (
        <meta key={tag.name} name={tag.name} content={tag.content} />
      ))}
    </>
  );
}
