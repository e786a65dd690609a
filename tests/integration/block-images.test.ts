// Images shown by blocks over HTTP against the built site and a real database (SQLite, and
// PostgreSQL when available): a built page's hero, image-with-text and testimonial photos, and the
// same blocks among the home page's extra blocks, are <picture>s of AVIF and WebP sources with a
// srcset and the sizes of their slot, width and height set; a width they offer is served.
import { beforeAll, describe, expect, it } from "vitest";
import type { Block } from "~/capabilities/blocks/page-blocks";
import {
  heroImageSizes,
  imageTextImageSizes,
  testimonialPhotoSizes,
} from "~/features/publishing/components/image-sizes";
import { getContent, logInCookie, postJsonAs } from "../support/admin-requests";
import { publishBlockPage, workshopAlts, workshopBlocks } from "../support/block-pages";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadPhoto } from "../support/photo-uploads";
import { expectUploadPicture, jpegUploadId } from "../support/picture-expectations";
import { listPageImages, listSrcsetWidths, type PageImage } from "../support/picture-markup";
import { useSignedInUploadsSite } from "../support/uploads-site";

describe.each(getTestDatabaseKinds())("images of blocks on $name", (engine) => {
  const suite = useSignedInUploadsSite(engine);

  /** The picture an upload is shown as, whose width and height are set. */
  const expectPicture = (image: PageImage | undefined, upload: string, sizes: string) => {
    expectUploadPicture(image, upload, sizes);
    expect(Number(image?.img.width)).toBeGreaterThan(0);
    expect(Number(image?.img.height)).toBeGreaterThan(0);
  };
  const imagesOf = async (path: string) => {
    const response = await fetch(`${suite.site.url}${path}`);
    expect(response.status, path).toBe(200);
    return listPageImages(await response.text());
  };
  const find = (images: PageImage[], alt: string) => images.find(({ img }) => img.alt === alt);

  // Uploaded once for the suite, before its tests: three photos and their sizes are many seconds'
  // work on a busy machine, setup rather than what a test checks.
  let uploaded: { blocks: Block[]; wide: string; hero: string; face: string } | undefined;
  beforeAll(async () => {
    const admin = { url: suite.site.url, cookie: await logInCookie(suite.site) };
    const wide = await uploadPhoto(admin, 2560, 1920, "office.jpg");
    const hero = await uploadPhoto(admin, 1600, 800, "skyline.jpg");
    const face = await uploadPhoto(admin, 800, 800, "face.jpg");
    uploaded = { blocks: workshopBlocks({ hero, side: wide, photo: face }), wide, hero, face };
  });
  function makeBlocks() {
    if (!uploaded) throw new Error("the photos are uploaded before the suite's tests");
    return uploaded;
  }

  it("shows a built page's block images as pictures sized to their slots, whose widths are served", async () => {
    const { blocks, wide, hero, face } = makeBlocks();
    await publishBlockPage(suite.site, suite.cookie, {
      slug: "office-tour",
      title: "Office tour",
      blocks,
    });

    const images = await imagesOf("/office-tour");
    const side = find(images, workshopAlts.side);
    expectPicture(side, wide, imageTextImageSizes);
    // The 2560 px original is offered up to 1920 px, never as itself.
    expect(listSrcsetWidths(side?.img.srcset)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(side?.img.src).not.toBe(wide);
    expectPicture(find(images, workshopAlts.hero), hero, heroImageSizes);
    expectPicture(find(images, workshopAlts.photo), face, testimonialPhotoSizes);

    // A width the page offers is served, in the type its source names.
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const variant = await fetch(
        `${suite.site.url}/images/uploads/${jpegUploadId(wide)}.w768.${format}`,
      );
      expect(variant.status, format).toBe(200);
      expect(variant.headers.get("content-type")).toBe(type);
      expect((await variant.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it("shows the home page's extra blocks' images as pictures too", async () => {
    const { blocks, wide } = makeBlocks();
    const { etag } = await getContent(suite.site);
    const saved = await postJsonAs(
      suite.site,
      "/api/content",
      { content: { extraBlocks: { home: [blocks[1]], about: [] } } },
      { cookie: suite.cookie, headers: { "if-match": etag } },
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expectPicture(find(await imagesOf("/"), workshopAlts.side), wide, imageTextImageSizes);
  });
});
