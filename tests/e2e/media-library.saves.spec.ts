// The media library's metadata (issue 17) as an owner uses it: an upload shows the name it was
// uploaded under; the same file again is offered back instead of stored twice; alt text and a
// focal point (clicked on the picture, then typed) are saved in an accessible dialog; search finds
// the image by its alt text; an article's cover picked from the library gets the alt text, and the
// public page crops the cover around the focal point.
import { expect } from "@playwright/test";
import { getRichText, getToast } from "./admin-helpers";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  holdRequests,
  makeUniquePng,
  signInWithSessionCookie,
} from "./fixtures";
import { waitForHydration } from "./hydration";
import { test } from "./test";

test.describe.configure({ timeout: 120_000 });

test("names, de-duplicates, describes and crops an image, and its cover follows", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const stamp = Date.now();
  const fileName = `Harbour at dawn ${stamp}.png`;
  const bytes = makeUniquePng();

  await page.goto("/images");
  await page
    .getByLabel("Image file")
    .setInputFiles({ name: fileName, mimeType: "image/png", buffer: bytes });
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(getToast(page, "Image Uploaded")).toBeVisible();
  const library = page.getByRole("region", { name: "Image Library" });
  const card = library.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: fileName }),
  });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("none yet")).toBeVisible();

  // The same file under another name: nothing new, the existing image is offered.
  await page
    .getByLabel("Image file")
    .setInputFiles({ name: "copy.png", mimeType: "image/png", buffer: bytes });
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(getToast(page, "Already in the Library")).toBeVisible();
  const offer = page.getByRole("status").filter({ hasText: "already in the library as" });
  await expect(offer).toContainText(fileName);
  await offer.getByRole("button", { name: "Show the existing image" }).click();
  await expect(page.getByLabel("Search by name or alt text")).toHaveValue(fileName);
  await expect(library.getByRole("listitem")).toHaveCount(1);
  await expect(library.getByRole("heading", { name: "copy.png" })).toHaveCount(0);

  // The focal point picker has the picture's shape before the picture arrives (here a square):
  // the dialog does not grow under the pointer, and a click lands where the picture will be.
  const releaseImages = await holdRequests(page, "**/images/uploads/**");
  // Held images hold the load event back: the page is ready once React has hydrated it.
  await page.reload({ waitUntil: "commit" });
  await waitForHydration(page);
  await card.getByRole("button", { name: `Edit ${fileName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit image" });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByTestId("focal-picker");
  const early = await picker.boundingBox();
  if (!early) throw new Error("the focal point picker is not shown");
  expect(early.width).toBeGreaterThan(100);
  expect(Math.abs(early.height - early.width)).toBeLessThan(2);
  releaseImages();
  await page.unrouteAll({ behavior: "wait" });

  // Alt text and focal point, in the dialog; axe-clean at both widths while it is open.
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  const box = await picker.boundingBox();
  if (!box) throw new Error("the focal point picker is not shown");
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(dialog.getByLabel("From the left (%)")).toHaveValue("25");
  await expect(dialog.getByLabel("From the top (%)")).toHaveValue("75");
  // The keyboard's way: out of range is refused with the field's message, then a good value.
  await dialog.getByLabel("From the left (%)").fill("120");
  await dialog.getByRole("button", { name: "Save Image" }).click();
  await expect(
    dialog.getByText("The focal point's left-right position must be from 0 to 1"),
  ).toBeVisible();
  await dialog.getByLabel("From the left (%)").fill("20");
  await dialog.getByLabel("From the top (%)").fill("80");
  await dialog.getByLabel("Alt text").fill(`Fishing boats in a harbour at sunrise ${stamp}`);
  await dialog.getByRole("button", { name: "Save Image" }).click();
  await expect(getToast(page, "Image Saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Search by name or alt text").fill(`sunrise ${stamp}`);
  await expect(library.getByRole("listitem")).toHaveCount(1);
  await expect(card).toContainText(`Fishing boats in a harbour at sunrise ${stamp}`);

  // The cover picked from the library takes the image's alt text.
  const title = `Harbour Networks ${stamp}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  await page.goto("/admin/articles");
  await page.getByRole("link", { name: /^New / }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt", { exact: true }).fill("Wi-Fi for a working harbour.");
  await page.getByLabel("Category", { exact: true }).fill("Networks");
  await page.getByLabel("Author", { exact: true }).fill("Maria van der Berg");
  await getRichText(page, "Article text").fill("How the harbour got its network.");
  await page.getByRole("button", { name: "Choose from library" }).click();
  await page
    .getByRole("radiogroup", { name: "Images in the library" })
    .getByText(fileName, { exact: true })
    .click();
  await expect(page.getByRole("radio", { name: fileName })).toBeChecked();
  await expect(page.getByLabel("Image description (alt text)", { exact: true })).toHaveValue(
    `Fishing boats in a harbour at sunrise ${stamp}`,
  );
  await page.getByRole("radio", { name: /Published/ }).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(`/admin/articles/${slug}`);

  // The public page crops the cover around the focal point, with the alt text.
  const visitor = await context.browser()?.newContext();
  if (!visitor) throw new Error("no browser");
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${baseURL}/blog/${slug}`);
  const cover = publicPage.getByRole("img", {
    name: `Fishing boats in a harbour at sunrise ${stamp}`,
  });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((image) => getComputedStyle(image).objectPosition)).toBe("20% 80%");
  await visitor.close();
});
