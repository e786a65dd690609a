// The Brand screen in Chromium at 1280 and 375 px, as the owner uses it: a primary colour white
// text cannot be read on is refused with its measured ratio; a passing one shows on the public
// pages; a logo and an icon uploaded through the library show in the header, the favicon links
// and the web app manifest. The footer, the call-to-action band and the page headers' wash follow
// the colours, and a colour that would make one unreadable is warned of and refused. The screen and
// a branded public page pass axe at both widths.

import { type BrowserContext, expect, type Page } from "@playwright/test";
import { Resvg } from "@resvg/resvg-js";
import { deriveBrandPalette } from "~/features/content/brand-palette";
import { defaultBrand } from "~/features/content/brand-schema";
import { getToast, saveThroughApi } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

/** A PNG of its own bytes each run: the library keeps one copy of identical uploads. */
function drawUniquePng(width: number, height: number): Buffer {
  const fill = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;
  return Buffer.from(
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${height / 5}" fill="${fill}"/><circle cx="${height / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffffff"/></svg>`,
    )
      .render()
      .asPng(),
  );
}

async function chooseUpload(page: Page, label: "Logo" | "Site icon", bytes: Buffer) {
  const group = page.getByRole("group", { name: label, exact: true });
  await group.getByRole("button", { name: "Choose from the library" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Upload new image").setInputFiles({
    name: `${label.toLowerCase().replace(" ", "-")}-${Date.now()}.png`,
    mimeType: "image/png",
    buffer: bytes,
  });
  // The new upload is chosen at once and the dialog closes.
  await expect(dialog).toBeHidden();
  await expect(group.getByRole("img", { name: `Chosen ${label.toLowerCase()}` })).toBeVisible();
}

/** Signed in, the Brand screen at 1280 px. */
async function openBrandScreen(page: Page, context: BrowserContext) {
  await signInWithSessionCookie(context, baseURL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/brand");
}

/** Types a primary colour and saves: refused with the message, by the server too. */
async function expectPrimaryRefused(page: Page, colour: string, message: string) {
  const primary = page.getByLabel("Primary colour", { exact: true });
  await primary.fill(colour);
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(getToast(page, "Not Saved")).toBeVisible();
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
  await expect(primary).toHaveAttribute("aria-invalid", "true");
  return primary;
}

test("the brand's colours, logo and icon are set on the Brand screen and shown on the site", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openBrandScreen(page, context);
  try {
    // Refused with the measured ratio, by the server too (not only the live hint).
    const primary = await expectPrimaryRefused(
      page,
      "#ffcc00",
      "White text on #ffcc00 has a contrast of 1.5:1; it needs at least 4.5:1",
    );

    await primary.fill("#6d28d9");
    await expect(page.getByText("White text on it: 7.1:1")).toBeVisible();
    await chooseUpload(page, "Logo", drawUniquePng(360, 120));
    await chooseUpload(page, "Site icon", drawUniquePng(512, 512));
    await page.getByRole("button", { name: "Save brand" }).click();
    await expect(getToast(page, "Brand Saved")).toBeVisible();

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/brand");
      await expectNoSeriousA11yViolations(page);
      for (const path of ["/", "/about"]) {
        await page.goto(path);
        // The primary colour: the variable, and the buttons drawn with it.
        const colours = await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
        );
        expect(colours).toBe("#6d28d9");
        await expect(page.locator(".bg-primary:visible").first()).toHaveCSS(
          "background-color",
          "rgb(109, 40, 217)",
        );
        // The new logo in the header, drawn and sharp: a 2x screen would pick a 320 px copy.
        const logo = page
          .getByRole("banner")
          .getByRole("link", { name: /, home$/ })
          .locator("img");
        await expect(logo).toBeVisible();
        expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await expect(logo).toHaveAttribute(
          "srcset",
          /\/images\/uploads\/[a-f0-9]{32}\.w320\.png 320w/,
        );
      }
      await expectNoSeriousA11yViolations(page);
    }

    // The favicon links and the manifest name the new icon's files, which answer PNGs.
    const icon = await page.locator('link[rel="icon"][sizes="32x32"]').getAttribute("href");
    expect(icon).toMatch(/^\/brand\/[a-f0-9]{32}\/favicon-32\.png$/);
    await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(0);
    const source = icon?.split("/")[2];
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      "href",
      `/brand/${source}/apple-touch-icon.png`,
    );
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await context.request.get(`${baseURL}${manifestHref}`)).json();
    expect(manifest.icons.map((entry: { src: string }) => entry.src)).toEqual([
      `/brand/${source}/icon-192.png`,
      `/brand/${source}/icon-512.png`,
    ]);
    const favicon = await context.request.get(`${baseURL}${icon}`);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toBe("image/png");
  } finally {
    await saveThroughApi(context, { brand: defaultBrand });
  }
});

/** "#0a183e" as a computed style reads it: "rgb(10, 24, 62)". */
function toRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test("the footer, the call-to-action band and the page headers follow the brand's colours; the screen warns of a band they would make unreadable", async ({
  page,
  context,
}) => {
  await openBrandScreen(page, context);
  try {
    // White text reads on this blue, but the page headers' wash made from it would not carry it:
    // said as it is typed, and refused by the server.
    const warning =
      "Primary-coloured text on the page headers' light wash (#f1f7fe, made from this colour) has a contrast of 4.2:1; it needs at least 4.5:1";
    await page.getByLabel("Primary colour", { exact: true }).fill("#1a73e8");
    await expect(page.getByText(warning, { exact: true }).first()).toBeVisible();
    await expectPrimaryRefused(page, "#1a73e8", warning);
    await expectNoSeriousA11yViolations(page);

    const colors = { primaryColor: "#6d28d9", accentColor: "#9f1239" };
    const palette = deriveBrandPalette(colors);
    const before = deriveBrandPalette(defaultBrand);
    expect(palette.navy).not.toBe(before.navy);
    await saveThroughApi(context, { brand: { ...defaultBrand, ...colors } });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.locator("footer").last()).toHaveCSS(
        "background-color",
        toRgb(palette.navy),
      );
      // The closing call to action's band, and the hero's light wash.
      await expect(page.locator("main section.bg-navy").last()).toHaveCSS(
        "background-color",
        toRgb(palette.navy),
      );
      const hero = await page
        .locator("main section")
        .first()
        .evaluate((section) => getComputedStyle(section).backgroundImage);
      expect(hero).toContain(toRgb(palette.tint));
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/brand-bands-${width}.png`, fullPage: true });
    }
  } finally {
    await saveThroughApi(context, { brand: defaultBrand });
  }
});
