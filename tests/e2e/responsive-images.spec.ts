// Uploads at their sizes in a real browser (issue 18), on a site of its own with an article whose
// cover and text images are uploaded photos and a case study with one: Chromium fetches the AVIF
// variant that fits each layout and viewport (never the original); an upload that cannot be
// loaded is replaced by the placeholder, the <picture>'s sources no longer in the way.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { placeholderImage } from "../../app/capabilities/media/fallback-image";
import { logInCookie } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { type PhotoPages, publishPhotoPages } from "../support/photo-uploads";
import { startTestSite, type TestSite } from "../support/test-site";
import { test } from "./test";
import { measurePictures, recordUploadRequests } from "./upload-pictures";

let site: TestSite;
let uploadsDir: string;
let pages: PhotoPages;

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  uploadsDir = await mkdtemp(join(tmpdir(), "uploads-"));
  site = await startTestSite(await sqlite.create(), { UPLOADS_DIR: uploadsDir });
  pages = await publishPhotoPages({ url: site.url, cookie: await logInCookie(site) });
});

test.afterAll(async () => {
  await site?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const idOf = (url: string) => /([a-f0-9]{32})\.jpg$/.exec(url)?.[1] ?? "none";

test.describe("each layout's sizes", () => {
  for (const width of [375, 700, 900, 1100, 1280, 1440]) {
    test(`match the width the images are shown at, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (/hydrat/i.test(message.text())) problems.push(message.text());
      });
      for (const path of [pages.articlePath, "/blog", pages.studyPath, "/case-studies"]) {
        await page.goto(`${site.url}${path}`);
        const measures = await measurePictures(page);
        expect(measures.length, path).toBeGreaterThan(0);
        for (const measure of measures) {
          // Within a few pixels (scrollbar, borders, rounding): a browser picks by the width.
          expect(
            Math.abs(measure.expected - measure.shown),
            `${path} ${measure.alt}: ${JSON.stringify(measure)}`,
          ).toBeLessThanOrEqual(16);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, firstVisit: true });

  test("the article's cover and text image come as the AVIF variant that fits the screen", async ({
    page,
  }) => {
    const requested = recordUploadRequests(page);
    await page.goto(`${site.url}${pages.articlePath}`);
    const cover = idOf(pages.cover);
    // 375 px less the padding is 343 CSS px at density 1: the 640 px variant is the smallest
    // that fills it.
    await expect.poll(() => requested).toContain(`/images/uploads/${cover}.w640.avif`);
    const figure = page.getByRole("img", { name: "A patch panel, labelled" });
    await figure.scrollIntoViewIfNeeded();
    await expect.poll(() => requested).toContain(`/images/uploads/${idOf(pages.inline)}.w640.avif`);
    // Never the original, nor any other format or width of them.
    expect(requested.filter((path) => !path.endsWith(".w640.avif"))).toEqual([]);
  });
});

test.describe("on Lighthouse's phone (412 px at density 1.75)", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, firstVisit: true });

  test("a full-width image comes at a width close to the 665 device pixels it fills", async ({
    page,
  }) => {
    const requested = recordUploadRequests(page);
    for (const path of ["/blog", pages.articlePath, pages.studyPath]) {
      await page.goto(`${site.url}${path}`);
    }
    await expect.poll(() => requested.length).toBeGreaterThanOrEqual(3);
    for (const path of requested) {
      const width = Number(/\.w(\d+)\./.exec(path)?.[1]);
      // At most a fifth wider than shown: under Lighthouse's waste threshold for a photo.
      expect(width, path).toBeLessThanOrEqual(800);
    }
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, firstVisit: true });

  test("the blog card, the article cover and the case study image each fetch the width their layout needs", async ({
    page,
  }) => {
    const requested = recordUploadRequests(page);
    await page.goto(`${site.url}/blog`);
    // A card in the three-column grid is 384 px wide.
    await expect.poll(() => requested).toContain(`/images/uploads/${idOf(pages.cover)}.w640.avif`);
    await page.goto(`${site.url}${pages.articlePath}`);
    // The cover spans max-w-4xl: 848 px.
    await expect.poll(() => requested).toContain(`/images/uploads/${idOf(pages.cover)}.w960.avif`);
    await page.goto(`${site.url}${pages.studyPath}`);
    // Half of max-w-7xl: 580 px.
    await expect
      .poll(() => requested)
      .toContain(`/images/uploads/${idOf(pages.studyImage)}.w640.avif`);
    expect(requested.every((path) => /\.w\d+\.avif$/.test(path))).toBe(true);
  });

  test("shows the AVIF variant once it has loaded (currentSrc)", async ({ page }) => {
    const expected = `/images/uploads/${idOf(pages.cover)}.w960.avif`;
    await page.goto(`${site.url}${pages.articlePath}`);
    const cover = page.getByRole("img", { name: "A server room with two rows of racks" });
    // Loaded: a srcset image's natural width is given in CSS pixels of its slot (960 w shown in
    // 848 px reads 848), so that it loaded is what is checked here, and which file by currentSrc.
    await expect
      .poll(() =>
        cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    expect(
      new URL(await cover.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname,
    ).toBe(expected);
  });

  test("an uploaded cover that fails to load is replaced by the placeholder, sources and srcset dropped", async ({
    page,
  }) => {
    await page.route("**/images/uploads/**", (route) => route.abort());
    for (const [path, alt] of [
      [pages.articlePath, "A server room with two rows of racks"],
      ["/blog", "A server room with two rows of racks"],
      [pages.studyPath, "Aisles of a warehouse"],
      ["/case-studies", "Aisles of a warehouse"],
    ] as const) {
      await page.goto(`${site.url}${path}`);
      const image = page.getByRole("img", { name: alt });
      // Lazy below the fold: only a load that was tried can fail.
      await image.scrollIntoViewIfNeeded();
      await expect(image, path).toHaveAttribute("src", placeholderImage);
      await expect(image, path).not.toHaveAttribute("srcset", /.*/);
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      expect(
        await image.evaluate((element: HTMLImageElement) => ({
          shown: new URL(element.currentSrc).pathname,
          sources: element.parentElement?.querySelectorAll("source[srcset]").length,
          width: element.getAttribute("width"),
          height: element.getAttribute("height"),
        })),
        path,
      ).toEqual({ shown: placeholderImage, sources: 0, width: "1200", height: "800" });
    }
  });
});
