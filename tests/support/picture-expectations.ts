// What a served page's picture of an upload must be (vitest): AVIF and WebP sources and the
// upload's own format, each a srcset of its sizes, with the layout's `sizes` everywhere.
import { expect } from "vitest";
import { listSrcsetWidths, type PageImage } from "./picture-markup";

/** The 32-hex id of a JPEG upload's address ("none" for any other). */
export const jpegUploadId = (url: string) => /([a-f0-9]{32})\.jpg$/.exec(url)?.[1] ?? "none";

/** The picture of one JPEG upload as a page shows it: sources, srcsets and sizes. */
export function expectUploadPicture(image: PageImage | undefined, upload: string, sizes: string) {
  expect(image, `a picture of ${upload}`).toBeDefined();
  const id = jpegUploadId(upload);
  const sources = image?.sources ?? [];
  expect(sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
  for (const [format, srcset] of [
    ...sources.map((source) => [source.type?.slice("image/".length), source.srcset] as const),
    ["jpg", image?.img.srcset] as const,
  ]) {
    expect(listSrcsetWidths(srcset).length, `${format} widths`).toBeGreaterThanOrEqual(3);
    for (const candidate of (srcset ?? "").split(", ")) {
      expect(candidate).toMatch(new RegExp(`^/images/uploads/${id}\\.w\\d+\\.${format} \\d+w$`));
    }
  }
  for (const source of sources) expect(source.sizes).toBe(sizes);
  expect(image?.img.sizes).toBe(sizes);
  expect(image?.img.src).toMatch(new RegExp(`^/images/uploads/${id}\\.w\\d+\\.jpg$`));
}
