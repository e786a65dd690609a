// Where a page's link-preview image is served (/og/<page>.png), and back.

/** The address of a page's link-preview image: /og/index.png for the home page. */
export function getPreviewImagePath(pagePath: string): string {
  return `/og${pagePath === "/" ? "/index" : pagePath}.png`;
}

/** The page a preview image address belongs to (the inverse of getPreviewImagePath). */
export function getPreviewPagePath(imagePath: string): string | undefined {
  const match = /^\/og(\/.+)\.png$/.exec(imagePath);
  if (!match?.[1]) return undefined;
  return match[1] === "/index" ? "/" : match[1];
}

/**
 * The address of a page's link-preview image made from its cover (an article that chose so):
 * /og/blog/<slug>/cover.png, beside the generated card's /og/blog/<slug>.png. A different address,
 * so social sites that keep an image by its address fetch the new one when the choice changes.
 */
export function getCoverPreviewImagePath(pagePath: string): string {
  return `/og${pagePath}/cover.png`;
}

/** The page a cover image address belongs to (the inverse of getCoverPreviewImagePath). */
export function getCoverPreviewPagePath(imagePath: string): string | undefined {
  return /^\/og(\/.+)\/cover\.png$/.exec(imagePath)?.[1];
}

/** Covers the card renderer (resvg) can draw: PNG, JPEG and SVG; WebP it cannot decode. */
export function canDrawCoverCard(imageUrl: string): boolean {
  return /\.(?:png|jpe?g|svg)$/i.test(imageUrl);
}

/**
 * The address an image chosen as a page's link card is sent at: an uploaded SVG, which social
 * sites do not show, as its 1280 px PNG (a width the media library offers); others as they are.
 */
export function toSharedImagePath(path: string): string {
  return path.replace(/^(\/images\/uploads\/[a-f0-9]{32})\.svg$/, "$1.w1280.png");
}
