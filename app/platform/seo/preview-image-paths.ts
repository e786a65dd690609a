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
