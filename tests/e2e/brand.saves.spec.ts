// The Brand screen in Chromium at 1280 and 375 px, as the owner uses it: a primary colour white
// text cannot be read on is refused with its measured ratio; a passing one shows on the public
// pages; a logo and an icon uploaded through the library show in the header, the favicon links
// and the web app manifest. The screen and a branded public page pass axe at both widths.

import { expect, type Page } from "@playwright/test";
import { Resvg } from "@resvg/resvg-js";
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

test("the brand's colours, logo and icon are set on the Brand screen and shown on the site", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInWithSessionCookie(context, baseURL);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/brand");
    const primary = page.getByLabel("Primary colour", { exact: true });

    // Refused with the measured ratio, by the server too (not only the live hint).
    await primary.fill("#ffcc00");
    await page.getByRole("button", { name: "Save brand" }).click();
    await expect(getToast(page, "Not Saved")).toBeVisible();
    const refusal = "White text on #ffcc00 has a contrast of 1.5:1; it needs at least 4.5:1";
    await expect(page.getByText(refusal, { exact: true }).first()).toBeVisible();
    await expect(primary).toHaveAttribute("aria-invalid", "true");

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
