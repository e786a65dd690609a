// Images of blocks in a real browser, on a site of its own with an SVG logo and a built page whose
// image-with-text block shows a 2560 px uploaded photo and whose testimonial has a photo: at a
// phone's and a desktop's width Chromium fetches the AVIF size that fits each slot (never the
// original), its `sizes` match the width it is shown at, the pictures' sources take no room in the
// layout, the header shows the SVG logo, and axe finds nothing serious. On the Brand screen an
// SVG logo is uploaded and saved, and a malformed one is refused with the reason.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { logInCookie } from "../support/admin-requests";
import { publishBlockPage, workshopAlts, workshopBlocks } from "../support/block-pages";
import { postBrandForm } from "../support/brand-form";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { uploadPhoto } from "../support/photo-uploads";
import { startTestSite, type TestSite } from "../support/test-site";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";
import { measurePictures, recordUploadRequests } from "./upload-pictures";

let site: TestSite;
let uploadsDir: string;
let photo: string;
let logo: string;
let cookie: string;

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 40"><rect width="40" height="40" rx="9" fill="#0b1b36"/><path d="M11 27 20 12l9 15" fill="none" stroke="#2dd4bf" stroke-width="4" stroke-linecap="round"/><rect x="52" y="10" width="120" height="8" rx="4" fill="#0b1b36"/><rect x="52" y="24" width="84" height="6" rx="3" fill="#64748b"/><script>alert(1)</script></svg>`;

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  uploadsDir = await mkdtemp(join(tmpdir(), "uploads-"));
  site = await startTestSite(await sqlite.create(), { UPLOADS_DIR: uploadsDir });
  cookie = await logInCookie(site);
  const admin = { url: site.url, cookie };
  photo = await uploadPhoto(admin, 2560, 1920, "meeting-room.jpg");
  const face = await uploadPhoto(admin, 600, 600, "portrait.jpg");
  logo = await uploadImage(site.url, cookie, {
    bytes: new TextEncoder().encode(logoSvg),
    name: "logo.svg",
    type: "image/svg+xml",
  });
  const brand = await postBrandForm(site.url, cookie, { logoUrl: logo });
  if (brand.status !== 200) throw new Error(`brand: ${brand.status}`);
  await publishBlockPage(site, cookie, {
    slug: "working-with-us",
    title: "Working With Us",
    blocks: workshopBlocks({ side: photo, photo: face }),
  });
});

test.afterAll(async () => {
  await site?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const idOf = (url: string) => /([a-f0-9]{32})\./.exec(url)?.[1] ?? "none";

for (const width of [375, 1280]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 }, firstVisit: true });

    test("the image-with-text block fetches the AVIF size of its slot, the logo is the SVG", async ({
      page,
    }) => {
      const requested = recordUploadRequests(page);
      await page.goto(`${site.url}/working-with-us`);
      const image = page.getByRole("img", { name: workshopAlts.side });
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // 343 px on the phone, 588 px beside the text on the desktop: the 640 px size fills both.
      expect(
        new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname,
      ).toBe(`/images/uploads/${idOf(photo)}.w640.avif`);
      // Every picture's sizes give the width it is shown at, within a few pixels.
      for (const measure of await measurePictures(page)) {
        expect(Math.abs(measure.expected - measure.shown), JSON.stringify(measure)).toBeLessThan(
          17,
        );
      }

      const portrait = page.getByRole("img", { name: workshopAlts.photo });
      await portrait.scrollIntoViewIfNeeded();
      // The picture's sources take no room: the photo lines up with the quote above it.
      const quote = page.getByText("The workshop alone was worth it");
      const [photoBox, quoteBox] = [await portrait.boundingBox(), await quote.boundingBox()];
      expect(Math.abs((photoBox?.x ?? 0) - (quoteBox?.x ?? 100))).toBeLessThanOrEqual(1);
      await expect.poll(() => requested.some((path) => path.endsWith(".w320.avif"))).toBe(true);
      // Only AVIF sizes of the photos, and the logo as it is: never an original photo.
      for (const path of requested) {
        expect(path).toMatch(new RegExp(`(\\.w\\d+\\.avif|${idOf(logo)}\\.svg)$`));
      }

      const header = page.getByRole("banner").getByRole("link", { name: /home/ });
      const logoImage = header.locator("img");
      await expect(logoImage).toHaveAttribute("src", logo);
      await expect
        .poll(() => logoImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);

      await expectNoSeriousA11yViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: test.info().outputPath(`block-images-${width}.png`),
        fullPage: true,
      });
    });
  });
}

test.describe("on the Brand screen", () => {
  test.use({ viewport: { width: 1280, height: 900 }, firstVisit: true });

  test("the owner uploads an SVG logo; a malformed one is refused with why", async ({
    page,
    context,
  }) => {
    const [name = "", value = ""] = cookie.split(";")[0]?.split("=") ?? [];
    await context.addCookies([{ name, value, url: site.url }]);
    await page.goto(`${site.url}/admin/brand`);
    const group = page.getByRole("group", { name: "Logo", exact: true });
    const upload = async (text: string, file: string) => {
      await group.getByRole("button", { name: "Choose from the library" }).click();
      await page
        .getByRole("dialog")
        .getByLabel("Upload new image")
        .setInputFiles({ name: file, mimeType: "image/svg+xml", buffer: Buffer.from(text) });
    };

    await upload('<svg xmlns="http://www.w3.org/2000/svg"><g><rect/></svg>', "broken.svg");
    await expect(page.getByRole("dialog").getByRole("alert")).toContainText(
      "The SVG could not be read",
    );
    await page.keyboard.press("Escape");

    // Its own colour each run: the library keeps one copy of identical uploads.
    const fill = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")}`;
    await upload(logoSvg.replace("#64748b", fill), "new-logo.svg");
    await expect(page.getByRole("dialog")).toBeHidden();
    const chosen = group.getByRole("img", { name: "Chosen logo" });
    await expect(chosen).toHaveAttribute("src", /^\/images\/uploads\/[a-f0-9]{32}\.svg$/);
    const src = await chosen.getAttribute("src");
    await page.getByRole("button", { name: "Save brand" }).click();
    await expect(
      page.getByText("The brand is saved and shows on every page.").first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await group.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("brand-svg-logo.png") });

    await page.goto(`${site.url}/`);
    await expect(
      page.getByRole("banner").getByRole("link", { name: /home/ }).locator("img"),
    ).toHaveAttribute("src", src ?? "none");
  });
});
