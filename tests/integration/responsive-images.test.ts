// Public pages offer uploads at their sizes (issue 18), over HTTP against the built site on each
// database: an article with an uploaded 2400 px cover and inline images, and a case study with an
// uploaded image, are served as <picture>s with AVIF and WebP sources, srcsets of at least three
// widths and each layout's sizes; every img has width and height; the site's SVGs stay plain.
import { describe, expect, it } from "vitest";
import {
  articleBodyImageSizes,
  articleCoverSizes,
  cardImageSizes,
  caseStudyBodyImageSizes,
  halfColumnImageSizes,
} from "~/features/publishing/components/image-sizes";
import { getTestDatabaseKinds } from "../support/databases";
import { type PhotoPages, publishPhotoPages } from "../support/photo-uploads";
import { expectUploadPicture } from "../support/picture-expectations";
import { listPageImages, listSrcsetWidths, type PageImage } from "../support/picture-markup";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

/** Ascending widths from 320 to `largest`, the same in every format. */
function expectWidths(image: PageImage | undefined, largest: number) {
  const widths = listSrcsetWidths(image?.img.srcset);
  expect(widths[0]).toBe(320);
  expect(widths[widths.length - 1]).toBe(largest);
  expect(widths).toEqual([...widths].sort((a, b) => a - b));
  for (const source of image?.sources ?? [])
    expect(listSrcsetWidths(source.srcset)).toEqual(widths);
}

function expectEveryImageSized(images: PageImage[]) {
  for (const { img } of images) {
    expect(Number(img.width), `width of ${img.src}`).toBeGreaterThan(0);
    expect(Number(img.height), `height of ${img.src}`).toBeGreaterThan(0);
  }
}

/** The site's own images (SVGs): a plain img with no srcset, outside any picture. */
function expectPlainSiteImages(images: PageImage[], atLeast: number) {
  const own = images.filter(({ img }) => /\.svg$/.test(img.src ?? ""));
  expect(own.length).toBeGreaterThanOrEqual(atLeast);
  for (const image of own) {
    expect(image.sources).toBeUndefined();
    expect(image.img.srcset).toBeUndefined();
  }
}

describe.each(getTestDatabaseKinds())("responsive uploads on public pages on $name", (kind) => {
  let site: TestSite;
  let cookie: string;
  let pages: PhotoPages | undefined;

  useUploadsSite(kind, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  const published = async () => {
    pages ??= await publishPhotoPages({ url: site.url, cookie });
    return pages;
  };
  const imagesOf = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(200);
    return listPageImages(await response.text());
  };
  const find = (images: PageImage[], alt: string) => images.find(({ img }) => img.alt === alt);

  it("serves the article's cover and its text images as pictures sized to their columns", async () => {
    const { articlePath, cover, inline } = await published();
    const images = await imagesOf(articlePath);
    const coverImage = find(images, "A server room with two rows of racks");
    expectUploadPicture(coverImage, cover, articleCoverSizes);
    // A 2400 px original is offered at widths from 320 up to 1920, never wider.
    expectWidths(coverImage, 1920);
    expect(coverImage?.img).toMatchObject({ width: "1200", height: "800", fetchpriority: "high" });

    const full = find(images, "A patch panel, labelled");
    expectUploadPicture(full, inline, articleBodyImageSizes.full);
    // A 1200 px original: widths below it, and its own as the largest.
    expectWidths(full, 1200);
    expect(full?.img).toMatchObject({
      width: "1200",
      height: "800",
      loading: "lazy",
      decoding: "async",
    });
    expectUploadPicture(
      find(images, "The same panel, close"),
      inline,
      articleBodyImageSizes.inline,
    );

    // The related articles are the defaults, with the site's own SVGs.
    expectPlainSiteImages(images, 3);
    expectEveryImageSized(images);
  });

  it("serves the article's card on /blog as a picture sized to the grid", async () => {
    const { cover } = await published();
    const images = await imagesOf("/blog");
    expectUploadPicture(
      find(images, "A server room with two rows of racks"),
      cover,
      cardImageSizes,
    );
    expectPlainSiteImages(images, 3);
    expectEveryImageSized(images);
  });

  it("serves the case study's image and story images as pictures, on its page and the list", async () => {
    const { studyPath, studyImage, cover } = await published();
    const page = await imagesOf(studyPath);
    const image = find(page, "Aisles of a warehouse");
    expectUploadPicture(image, studyImage, halfColumnImageSizes);
    expectWidths(image, 1920);
    expectUploadPicture(find(page, "The new racks"), cover, caseStudyBodyImageSizes.full);
    expectEveryImageSized(page);

    const list = await imagesOf("/case-studies");
    expectUploadPicture(find(list, "Aisles of a warehouse"), studyImage, halfColumnImageSizes);
    expectPlainSiteImages(list, 3);
    expectEveryImageSized(list);
  });
});
