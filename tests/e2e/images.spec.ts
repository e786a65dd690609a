// Manage Images (/images): admin only, lists the site's images with where they are used, uploads
// a PNG that then shows in the library, says why a bad file is refused, and passes axe.
import { expect } from "@playwright/test";
import { getToast } from "./admin-helpers";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  makeUniquePng,
  signInWithSessionCookie,
} from "./fixtures";
import { test } from "./test";

test.describe.configure({ timeout: 90_000 });

test("a visitor without a session is sent to the login page", async ({ page }) => {
  await page.goto("/images");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("lists the site's images with where they are used, and passes axe", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/images");
  await expect(page.getByRole("heading", { name: "Manage Images", level: 1 })).toBeVisible();
  const library = page.getByRole("region", { name: "Image Library" });
  const caseStudyImage = library.getByRole("listitem").filter({ hasText: "case-studies/" }).first();
  await expect(caseStudyImage.getByText("Site image")).toBeVisible();
  await expect(caseStudyImage.getByRole("link", { name: /^Case study: / })).toBeVisible();
  await expect(caseStudyImage.getByText(/\d+(\.\d)? KB/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("uploads a PNG that then shows in the library; a text file is refused", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/images");
  const fileInput = page.getByLabel("Image file");

  await fileInput.setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("hello"),
  });
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "only PNG, JPEG, WebP and SVG" }),
  ).toBeVisible();
  await expect(getToast(page, "Upload Failed")).toBeVisible();

  await fileInput.setInputFiles({
    name: "team-photo.png",
    mimeType: "image/png",
    buffer: makeUniquePng(),
  });
  await page.getByRole("button", { name: "Upload Image" }).click();
  const toast = getToast(page, "Image Uploaded");
  await expect(toast).toBeVisible();
  const url = /\/images\/uploads\/[0-9a-f]{32}\.png/.exec((await toast.textContent()) ?? "")?.[0];
  expect(url).toBeTruthy();
  const card = page
    .getByRole("region", { name: "Image Library" })
    .getByRole("listitem")
    .filter({
      hasText: url as string,
    });
  await expect(card.getByText("Uploaded", { exact: true })).toBeVisible();
  await expect(card.getByText("Not used on any page")).toBeVisible();
  const preview = card.getByRole("img", { name: /^Preview of / });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});
