// The site icon's files (favicons, the apple-touch icon, the web app manifest's icons): their
// names, sizes and addresses. The address holds the upload's id, which is never given other bytes,
// so a new icon gets new addresses and each may be cached for good.
import { parseUploadUrl } from "./image-variants";

export const siteIconFiles = {
  "favicon-16.png": 16,
  "favicon-32.png": 32,
  "apple-touch-icon.png": 180,
  "icon-192.png": 192,
  "icon-512.png": 512,
} as const;
export type SiteIconFile = keyof typeof siteIconFiles;

/** The source of the built-in icon's files (the firm's mark); bump when the mark changes. */
export const builtInIconSource = "mark-1";

/** "mark-1" for the built-in icon, else the upload's 32-hex id. */
export function getSiteIconSource(iconUrl: string): string {
  return parseUploadUrl(iconUrl)?.id ?? builtInIconSource;
}

/** /brand/<source>/<file> */
export function getSiteIconUrl(iconUrl: string, file: SiteIconFile): string {
  return `/brand/${getSiteIconSource(iconUrl)}/${file}`;
}

export function isSiteIconFile(file: string): file is SiteIconFile {
  return Object.hasOwn(siteIconFiles, file);
}
