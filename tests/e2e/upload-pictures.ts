// Uploads as a real browser loads them: the upload addresses a page asks for, and how wide its
// pictures are shown against the width their `sizes` promise (by the browser's own CSS).
import type { Page } from "@playwright/test";

/** Every upload address the page asks for, in order (variants and originals). */
export function recordUploadRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/images/uploads/")) requested.push(path);
  });
  return requested;
}

/**
 * For every <picture> on the page: the width its `sizes` gives at this viewport (the first
 * matching media condition's length, resolved by the browser's own CSS) and the width its img is
 * shown at, both in CSS pixels. An img that is not shown (display: none) is left out.
 */
export function measurePictures(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("picture > img"), (image) => {
      const sizes = image.getAttribute("sizes") ?? "";
      const entries = sizes.split(/,\s*(?![^(]*\))/);
      const length =
        entries
          .map((entry) => /^(\(.*\))\s+(.+)$/.exec(entry.trim()))
          .find((match) => match?.[1] && window.matchMedia(match[1]).matches)?.[2] ??
        entries[entries.length - 1]?.trim() ??
        "";
      const probe = document.createElement("div");
      probe.style.width = length;
      document.body.append(probe);
      const expected = probe.getBoundingClientRect().width;
      probe.remove();
      return {
        alt: image.getAttribute("alt"),
        expected: Math.round(expected),
        shown: Math.round(image.getBoundingClientRect().width),
      };
    }).filter((measure) => measure.shown > 0),
  );
}
