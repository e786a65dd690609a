// Images shown by blocks over HTTP against the built site and a real database (SQLite, and
// PostgreSQL when available): a built page's hero, image-with-text and testimonial photos, and the
// same blocks among the home page's extra blocks, are <picture>s of AVIF and WebP sources with a
// srcset and the sizes of their slot, width and height set; a width they offer is served.
import { describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import {
  heroImageSizes,
  imageTextImageSizes,
  testimonialPhotoSizes,
} from "~/features/publishing/components/image-sizes";
import { getContent, postJsonAs, sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadPhoto } from "../support/photo-uploads";
import { listPageImages, listSrcsetWidths, type PageImage } from "../support/picture-markup";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const uploadId = (url: string) => /([a-f0-9]{32})\.jpg$/.exec(url)?.[1] ?? "none";

/** One upload as a picture: AVIF and WebP sources and the JPEG img, each with its widths. */
function expectPicture(image: PageImage | undefined, upload: string, sizes: string) {
  expect(image, `a picture of ${upload}`).toBeDefined();
  const id = uploadId(upload);
  expect(image?.sources?.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
  const srcsets = [
    ...(image?.sources ?? []).map((source) => [source.type?.slice(6), source.srcset] as const),
    ["jpg", image?.img.srcset] as const,
  ];
  for (const [format, srcset] of srcsets) {
    expect(listSrcsetWidths(srcset).length, `${format} widths`).toBeGreaterThanOrEqual(3);
    for (const candidate of (srcset ?? "").split(", ")) {
      expect(candidate).toMatch(new RegExp(`^/images/uploads/${id}\\.w\\d+\\.${format} \\d+w$`));
    }
  }
  for (const source of image?.sources ?? []) expect(source.sizes).toBe(sizes);
  expect(image?.img.sizes).toBe(sizes);
  expect(Number(image?.img.width)).toBeGreaterThan(0);
  expect(Number(image?.img.height)).toBeGreaterThan(0);
}

describe.each(getTestDatabaseKinds())("images of blocks on $name", (engine) => {
  let site: TestSite;
  let cookie: string;

  useUploadsSite(engine, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });

  const imagesOf = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status, path).toBe(200);
    return listPageImages(await response.text());
  };
  const find = (images: PageImage[], alt: string) => images.find(({ img }) => img.alt === alt);

  async function makeBlocks() {
    const admin = { url: site.url, cookie };
    const wide = await uploadPhoto(admin, 2560, 1920, "office.jpg");
    const hero = await uploadPhoto(admin, 2000, 1000, "skyline.jpg");
    const face = await uploadPhoto(admin, 800, 800, "face.jpg");
    const blocks = [
      {
        ...createBlock("hero", "hero1"),
        heading: "Work with us",
        image: { url: hero, alt: "The city at dusk" },
      },
      {
        ...createBlock("imageText", "side1"),
        heading: "Our office",
        body: "<p>Downtown, by the river.</p>",
        image: { url: wide, alt: "Desks by a window" },
      },
      {
        ...createBlock("testimonials", "quotes1"),
        heading: "Clients",
        items: [
          {
            quote: "Calm and quick.",
            name: "Ana Diaz",
            role: "",
            company: "",
            photo: { url: face, alt: "Ana Diaz, smiling" },
          },
        ],
      },
    ] as Block[];
    return { blocks, wide, hero, face };
  }

  it("shows a built page's block images as pictures sized to their slots, whose widths are served", async () => {
    const { blocks, wide, hero, face } = await makeBlocks();
    const created = await sendJsonAs(
      site,
      "POST",
      "/api/admin/pages",
      {
        slug: "office-tour",
        status: "published",
        publishAt: "",
        title: "Office tour",
        blocks,
        seoDescription: "",
      },
      { cookie },
    );
    expect(created.status, await created.clone().text()).toBe(201);

    const images = await imagesOf("/office-tour");
    const side = find(images, "Desks by a window");
    expectPicture(side, wide, imageTextImageSizes);
    // The 2560 px original is offered up to 1920 px, never as itself.
    expect(listSrcsetWidths(side?.img.srcset)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(side?.img.src).not.toBe(wide);
    expectPicture(find(images, "The city at dusk"), hero, heroImageSizes);
    expectPicture(find(images, "Ana Diaz, smiling"), face, testimonialPhotoSizes);

    // A width the page offers is served, in the type its source names.
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const variant = await fetch(`${site.url}/images/uploads/${uploadId(wide)}.w768.${format}`);
      expect(variant.status, format).toBe(200);
      expect(variant.headers.get("content-type")).toBe(type);
      expect((await variant.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it("shows the home page's extra blocks' images as pictures too", async () => {
    const { blocks, wide } = await makeBlocks();
    const { etag } = await getContent(site);
    const saved = await postJsonAs(
      site,
      "/api/content",
      { content: { extraBlocks: { home: [blocks[1]], about: [] } } },
      { cookie, headers: { "if-match": etag } },
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expectPicture(find(await imagesOf("/"), "Desks by a window"), wide, imageTextImageSizes);
  });
});
