// Images of blocks in a real browser, on a site of its own with an SVG logo and a built page whose
// image-with-text block shows a 2560 px uploaded photo and whose testimonial has a photo: at a
// phone's and a desktop's width Chromium fetches the AVIF size that fits each slot (never the
// original), its `sizes` match the width it is shown at, the pictures' sources take no room in the
// layout, the header shows the SVG logo, and axe finds nothing serious.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { type Block, createBlock } from "../../app/capabilities/blocks/page-blocks";
import { defaultBrand } from "../../app/features/content/brand-schema";
import { logInCookie, sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { uploadImage } from "../support/image-upload";
import { uploadPhoto } from "../support/photo-uploads";
import { startTestSite, type TestSite } from "../support/test-site";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";

let site: TestSite;
let uploadsDir: string;
let photo: string;
let logo: string;

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 40"><rect width="40" height="40" rx="9" fill="#0b1b36"/><path d="M11 27 20 12l9 15" fill="none" stroke="#2dd4bf" stroke-width="4" stroke-linecap="round"/><rect x="52" y="10" width="120" height="8" rx="4" fill="#0b1b36"/><rect x="52" y="24" width="84" height="6" rx="3" fill="#64748b"/><script>alert(1)</script></svg>`;

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  uploadsDir = await mkdtemp(join(tmpdir(), "uploads-"));
  site = await startTestSite(await sqlite.create(), { UPLOADS_DIR: uploadsDir });
  const cookie = await logInCookie(site);
  const admin = { url: site.url, cookie };
  photo = await uploadPhoto(admin, 2560, 1920, "meeting-room.jpg");
  const face = await uploadPhoto(admin, 600, 600, "portrait.jpg");
  logo = await uploadImage(site.url, cookie, {
    bytes: new TextEncoder().encode(logoSvg),
    name: "logo.svg",
    type: "image/svg+xml",
  });
  const brand = await fetch(`${site.url}/admin/brand`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url, cookie },
    body: new URLSearchParams({
      logoUrl: logo,
      iconUrl: "",
      primaryColor: defaultBrand.primaryColor,
      accentColor: defaultBrand.accentColor,
      headingFont: "inter",
      bodyFont: "inter",
      googleVerification: "",
      bingVerification: "",
    }).toString(),
  });
  if (brand.status !== 200) throw new Error(`brand: ${brand.status}`);
  const blocks = [
    {
      ...createBlock("hero", "hero1"),
      heading: "Working With Us",
      text: "How a project with Clearline runs, from the first call to the handover.",
    },
    {
      ...createBlock("imageText", "room1"),
      heading: "A Room Built for Workshops",
      body: "<p>Every engagement starts with a half-day workshop in our Austin office: your team, our consultants and a whiteboard. We map what you run today, what hurts, and what a good year looks like.</p><p>You leave with a written plan and a fixed quote.</p>",
      image: { url: photo, alt: "A meeting room with a long table and a whiteboard" },
    },
    {
      ...createBlock("testimonials", "quote1"),
      heading: "What Clients Say",
      items: [
        {
          quote: "The workshop alone was worth it: we finally agreed on what to fix first.",
          name: "Maria Chen",
          role: "Operations Director",
          company: "Hillside Dental",
          photo: { url: face, alt: "Maria Chen" },
        },
      ],
    },
  ] as Block[];
  const created = await sendJsonAs(
    site,
    "POST",
    "/api/admin/pages",
    {
      slug: "working-with-us",
      status: "published",
      publishAt: "",
      title: "Working With Us",
      blocks,
      seoDescription: "",
    },
    { cookie },
  );
  if (created.status !== 201) throw new Error(`page: ${created.status} ${await created.text()}`);
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
      const requested: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith("/images/uploads/")) requested.push(path);
      });
      await page.goto(`${site.url}/working-with-us`);
      const image = page.getByRole("img", { name: "A meeting room with a long table" });
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // 343 px on the phone, 588 px beside the text on the desktop: the 640 px size fills both.
      expect(
        new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname,
      ).toBe(`/images/uploads/${idOf(photo)}.w640.avif`);
      const shown = await image.evaluate((img: HTMLImageElement) => {
        const sizes = img.getAttribute("sizes") ?? "";
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
        return { expected, shown: img.getBoundingClientRect().width };
      });
      expect(Math.abs(shown.expected - shown.shown), JSON.stringify(shown)).toBeLessThanOrEqual(16);

      const portrait = page.getByRole("img", { name: "Maria Chen" });
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
