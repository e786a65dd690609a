// No edit is lost to work in flight, in Chromium: text typed anywhere while an image uploads (held
// back as a slow network would) stays when the upload lands, in a page's blocks, an article's
// cover, a fixed page's social image and the brand's logo (also when the picker was closed
// meanwhile); text typed while a new page's first save runs stays after the editor moves to the
// page's address, still unsaved.
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { getRichText, getToast } from "./admin-helpers";
import { baseURL, holdRequests, makeUniquePng, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const uploadAddress = "**/api/admin/images";

async function addBlock(page: Page, label: string) {
  await page.getByLabel("Block to add", { exact: true }).selectOption({ label });
  await page.getByRole("button", { name: "Add block", exact: true }).click();
}

/** Starts an upload in the scope's image field; the upload waits until released. */
async function startHeldUpload(page: Page, scope: Page | Locator): Promise<() => void> {
  const release = await holdRequests(page, uploadAddress);
  await scope.getByLabel("Upload new image", { exact: true }).setInputFiles({
    name: `held-${Date.now()}.png`,
    mimeType: "image/png",
    buffer: makeUniquePng(),
  });
  await expect(scope.getByText("Uploading...")).toBeVisible();
  return release;
}

async function deletePage(context: BrowserContext, slug: string) {
  await context.request.delete(`${baseURL}/api/admin/pages/${slug}`, {
    headers: { origin: baseURL },
  });
}

test("typing in every block while an image uploads is kept when it lands", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill(`Upload Race ${Date.now()}`);
  await addBlock(page, "Hero");
  await addBlock(page, "Image with text");
  const hero = page.getByRole("listitem", { name: "Hero block 1" });
  const imageBlock = page.getByRole("listitem", { name: "Image with text block 2" });

  const release = await startHeldUpload(page, imageBlock);
  await hero.getByLabel("Heading", { exact: true }).fill("Typed in another block");
  await imageBlock.getByLabel("Heading", { exact: true }).fill("Typed beside the upload");
  await getRichText(imageBlock, "Text").fill("A body typed meanwhile.");
  await imageBlock.getByLabel("Image description (alt text)").fill("Two engineers at a desk");
  await imageBlock.getByLabel("Image side", { exact: true }).selectOption({ label: "Left" });
  release();

  await expect(imageBlock.getByText("Uploading...")).toHaveCount(0);
  await expect(imageBlock.locator("img[src^='/images/uploads/']")).toBeVisible();
  await expect(hero.getByLabel("Heading", { exact: true })).toHaveValue("Typed in another block");
  await expect(imageBlock.getByLabel("Heading", { exact: true })).toHaveValue(
    "Typed beside the upload",
  );
  await expect(getRichText(imageBlock, "Text")).toHaveText("A body typed meanwhile.");
  await expect(imageBlock.getByLabel("Image description (alt text)")).toHaveValue(
    "Two engineers at a desk",
  );
  await expect(imageBlock.getByLabel("Image side", { exact: true })).toHaveValue("left");
});

test("a testimonial's photo lands in its own row when an earlier row is deleted meanwhile", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/admin/pages/new");
  await addBlock(page, "Testimonials");
  const block = page.getByRole("listitem", { name: "Testimonials block 1" });
  await block.getByRole("button", { name: "Add Testimonial" }).click();
  await block.getByRole("button", { name: "Add Testimonial" }).click();
  const names = block.getByLabel("Name", { exact: true });
  await names.nth(0).fill("Ana Lopez");
  await names.nth(1).fill("Dana Ortiz");
  const second = block.getByRole("group", { name: "Photo" }).nth(1);

  const release = await startHeldUpload(page, second);
  await block.getByRole("button", { name: "Delete Testimonial 1" }).click();
  await expect(names).toHaveCount(1);
  release();

  await expect(block.getByText("Uploading...")).toHaveCount(0);
  await expect(block.getByRole("group", { name: "Photo" }).locator("img")).toHaveAttribute(
    "src",
    /^\/images\/uploads\//,
  );
  // The deleted row stays deleted.
  await expect(names).toHaveCount(1);
  await expect(names).toHaveValue("Dana Ortiz");
});

test("typing in an article while its cover uploads is kept when it lands", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/admin/articles/new");
  const cover = page.getByRole("group", { name: "Cover image" });

  const release = await startHeldUpload(page, cover);
  await page.getByLabel("Title", { exact: true }).fill("Typed while the cover uploads");
  await page.getByLabel("Excerpt", { exact: true }).fill("An excerpt typed meanwhile.");
  await cover.getByLabel("Image description (alt text)").fill("A server room");
  release();

  await expect(cover.locator("img[src^='/images/uploads/']")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    "Typed while the cover uploads",
  );
  await expect(page.getByLabel("Excerpt", { exact: true })).toHaveValue(
    "An excerpt typed meanwhile.",
  );
  await expect(cover.getByLabel("Image description (alt text)")).toHaveValue("A server room");
});

test("typing in a page's SEO while its social image uploads is kept when it lands", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "SEO" }).click();
  const about = page.getByRole("group", { name: "About page", exact: true });
  await about.getByRole("button", { name: "Choose a social image" }).click();

  const release = await startHeldUpload(page, about);
  // Closing the library does not cancel the upload: the image is still the panel's.
  await about.getByRole("button", { name: "Close the library" }).click();
  await about.getByLabel("About page search title").fill("Typed while the image uploads");
  await about.getByLabel("About page search description").fill("A description typed meanwhile.");
  release();

  await expect(about.getByTestId("seo-image-note")).toHaveText(
    "Shared links show this image from the library.",
  );
  await expect(about.getByTestId("card-image")).toHaveAttribute("src", /^\/images\/uploads\//);
  await expect(about.getByLabel("About page search title")).toHaveValue(
    "Typed while the image uploads",
  );
  await expect(about.getByLabel("About page search description")).toHaveValue(
    "A description typed meanwhile.",
  );
});

test("typing on the Brand screen while the logo uploads is kept when it lands", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/admin/brand");
  const logo = page.getByRole("group", { name: "Logo", exact: true });
  await logo.getByRole("button", { name: "Choose from the library" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose the logo" });

  const release = await startHeldUpload(page, dialog);
  // Closing the dialog does not cancel the upload: the image is still the logo's.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  const primary = page.getByRole("textbox", { name: "Primary colour", exact: true });
  await primary.fill("#1d4ed8");
  release();

  await expect(logo.getByRole("img", { name: "Chosen logo" })).toHaveAttribute(
    "src",
    /^\/images\/uploads\//,
  );
  await expect(primary).toHaveValue("#1d4ed8");
});

test("text typed while a new page's first save runs stays after the editor moves to its address", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const title = `First Save Race ${Date.now()}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await addBlock(page, "Hero");
  const heading = page.getByRole("listitem", { name: "Hero block 1" }).getByLabel("Heading", {
    exact: true,
  });
  await heading.fill("Saved heading");

  // The save is on its way, then the editor's data at the new address: typing goes on meanwhile.
  const releaseSave = await holdRequests(page, "**/api/admin/pages");
  const releaseLoad = await holdRequests(page, `**/admin/pages/${slug}.data*`);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await heading.fill("Typed while saving");
  releaseSave();
  await expect(getToast(page, "Saved as a draft")).toBeVisible();
  await page
    .getByRole("listitem", { name: "Hero block 1" })
    .getByLabel("Text", { exact: true })
    .fill("Typed while the editor moves");
  releaseLoad();

  await expect(page).toHaveURL(`/admin/pages/${slug}`);
  await expect(page.getByRole("heading", { name: "Edit Page" })).toBeVisible();
  await expect(heading).toHaveValue("Typed while saving");
  await expect(
    page.getByRole("listitem", { name: "Hero block 1" }).getByLabel("Text", { exact: true }),
  ).toHaveValue("Typed while the editor moves");
  // Still unsaved, and saved with the next save at the page's own address.
  await expect(page.getByText("You have unsaved changes").first()).toBeVisible();
  await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(slug);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
  await page.reload();
  await expect(heading).toHaveValue("Typed while saving");
  await deletePage(context, slug);
});
