// Writing rich text in Chromium as the owner does (issue 17): an article gets an image from the
// media library and one uploaded in place, each with its alt text, and a link to another article
// found through the link dialog's search; published, the public page shows both images with their
// descriptions, and the link opens in the same tab with no nofollow. The dialogs pass axe at 1280
// and 375 px.
import { deflateSync } from "node:zlib";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { makePngChunk } from "../support/png-bytes";
import { getRichText, getToast } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

test.describe.configure({ timeout: 120_000 });

/** A real grey PNG of the given size (each size its own bytes, so no upload is a duplicate). */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(height * (1 + width), 0x99);
  for (let row = 0; row < height; row++) rows[row * (1 + width)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    makePngChunk("IHDR", header),
    makePngChunk("IDAT", deflateSync(rows)),
    makePngChunk("IEND", new Uint8Array()),
  ]);
}

async function createPublishedArticle(context: BrowserContext, slug: string, title: string) {
  const created = await context.request.post(`${baseURL}/api/admin/articles`, {
    headers: { origin: baseURL },
    data: {
      slug,
      status: "published",
      publishAt: "",
      title,
      excerpt: "The article another one links to.",
      category: "Testing",
      authorName: "Ana Lopez",
      readTime: "",
      imageUrl: "",
      imageAlt: "",
      body: "<p>Linked to.</p>",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function uploadToLibrary(context: BrowserContext, png: Buffer): Promise<string> {
  const uploaded = await context.request.post(`${baseURL}/api/admin/images`, {
    headers: { origin: baseURL },
    multipart: { image: { name: "library-chart.png", mimeType: "image/png", buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { image: { url: string } }).image.url;
}

/** axe at the desktop and the phone width, with whatever dialog is open. */
async function expectDialogPassesAxe(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);
  // The dialog fits the phone's width: nothing to scroll sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an article with two images and a link to another article, as visitors see it", async ({
  page,
  context,
  browser,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const stamp = Date.now();
  const targetSlug = `rich-text-link-target-${stamp}`;
  const targetTitle = `Backups That Restore ${stamp}`;
  await createPublishedArticle(context, targetSlug, targetTitle);
  const libraryUrl = await uploadToLibrary(context, makePng(64, 40));
  const libraryId = libraryUrl.slice(libraryUrl.lastIndexOf("/") + 1, -".png".length);

  const title = `Pictures in the Text ${stamp}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  await page.goto("/admin/articles");
  await page.getByRole("link", { name: /^New / }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt", { exact: true }).fill("Two images and a link.");
  await page.getByLabel("Category", { exact: true }).fill("Testing");
  await page.getByLabel("Author", { exact: true }).fill("Ana Lopez");
  const body = getRichText(page, "Article text");
  await body.click();
  await page.keyboard.type("Our backup costs, in one chart.");
  await expect(page.getByText("6 words · 1 min read")).toBeVisible();

  // An image of the library, found by searching it; alt text is required.
  const toolbar = page.getByRole("toolbar", { name: "Text formatting" });
  await toolbar.getByRole("button", { name: "Image" }).click();
  let dialog = page.getByRole("dialog", { name: "Insert an image" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Search the library").fill(libraryId);
  const library = dialog.getByRole("radiogroup", { name: "Images in the library" });
  await expect(library.getByRole("radio")).toHaveCount(1);
  // The thumbnail, named by the file's original name, is the radio's label: clicking it chooses it.
  await library.getByText("library-chart.png").click();
  await expect(library.getByRole("radio")).toBeChecked();
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog.getByText("Describe the image for people who cannot see it")).toBeVisible();
  await expectDialogPassesAxe(page);
  await dialog.getByLabel("Alt text (required)").fill("A bar chart of backup costs per quarter");
  await dialog.getByLabel("Caption (optional)").fill("Costs fell after the move");
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(body.locator(`figure img[src="${libraryUrl}"]`)).toHaveAttribute(
    "alt",
    "A bar chart of backup costs per quarter",
  );

  // An image uploaded in place, shown inline. Uploaded before the library's list arrives (a slow
  // network, a busy server), it stays listed and chosen when the list comes.
  let listFetched: () => void = () => {};
  const listReady = new Promise<void>((resolve) => {
    listFetched = resolve;
  });
  let releaseList: () => void = () => {};
  const listHeld = new Promise<void>((resolve) => {
    releaseList = resolve;
  });
  await page.route("**/api/admin/images", async (route) => {
    if (route.request().method() !== "GET") {
      await listReady;
      await route.fulfill({ response: await route.fetch() });
      return;
    }
    // The library as it was before the upload, arriving after it.
    const list = await route.fetch();
    listFetched();
    await listHeld;
    await route.fulfill({ response: list });
  });
  await toolbar.getByRole("button", { name: "Image" }).click();
  dialog = page.getByRole("dialog", { name: "Insert an image" });
  // The library's panel keeps one size and place from "Loading" to the list: nothing below moves.
  const loading = dialog.getByText("Loading images...");
  await expect(loading).toBeVisible();
  const panelWhileLoading = await loading.boundingBox();
  await dialog.getByLabel("Upload new image").setInputFiles({
    name: "server-room.png",
    mimeType: "image/png",
    buffer: makePng(48, 48),
  });
  const choices = dialog.getByRole("radiogroup", { name: "Images in the library" });
  await expect(choices.getByRole("radio", { checked: true })).toHaveCount(1);
  releaseList();
  // The list has come once an image only it holds is shown.
  await expect(choices.getByRole("radio", { name: "library-chart.png" })).toBeVisible();
  expect(await choices.boundingBox()).toEqual(panelWhileLoading);
  await page.unrouteAll({ behavior: "wait" });
  await expect(choices.getByRole("radio", { checked: true })).toHaveCount(1);
  await dialog.getByLabel("Alt text (required)").fill("The rack after the new backup server");
  await dialog.getByRole("radio", { name: /Inline/ }).check();
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog).toHaveCount(0);
  const uploaded = body.locator('figure[data-size="inline"] img');
  await expect(uploaded).toHaveAttribute("alt", "The rack after the new backup server");
  const uploadedUrl = (await uploaded.getAttribute("src")) ?? "";
  expect(uploadedUrl).toMatch(/^\/images\/uploads\//);
  expect(uploadedUrl).not.toBe(libraryUrl);

  // A link to the other article, found by the dialog's search.
  await body.press("Control+End");
  await page.keyboard.type(" Read next: ");
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  const linkDialog = page.getByRole("dialog", { name: "Insert a link" });
  await linkDialog.getByLabel("Or find a page of this site").fill(`Restore ${stamp}`);
  await linkDialog.getByRole("button", { name: new RegExp(targetTitle) }).click();
  await expect(linkDialog.getByLabel("Address (URL)")).toHaveValue(`/blog/${targetSlug}`);
  await expect(linkDialog.getByLabel("Link text")).toHaveValue(targetTitle);
  // A page of this site: no new-tab or nofollow choice to make.
  await expect(linkDialog.getByLabel("Open in a new tab")).toHaveCount(0);
  await expectDialogPassesAxe(page);
  await linkDialog.getByRole("button", { name: "Insert link" }).click();
  await expect(linkDialog).toHaveCount(0);
  const link = body.getByRole("link", { name: targetTitle });
  await expect(link).toHaveAttribute("href", `/blog/${targetSlug}`);

  await page.getByRole("radio", { name: /Published/ }).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(getToast(page, "Published")).toBeVisible();

  // The public page, as a visitor sees it.
  const visitor = await browser.newContext();
  const article = await visitor.newPage();
  await article.goto(`/blog/${slug}`);
  // The article's text (related articles below it link to the other article too).
  const text = article.locator(".prose-content");
  const figures = text.locator("figure");
  await expect(figures).toHaveCount(2);
  const fromLibrary = article.getByRole("img", { name: "A bar chart of backup costs per quarter" });
  const inPlace = article.getByRole("img", { name: "The rack after the new backup server" });
  // Each served at its sizes in a <picture> (issue 18): the src is a variant of the upload.
  const variantOf = (url: string) => new RegExp(`^${url.replace(/\.\w+$/, "")}\\.w\\d+\\.png$`);
  await expect(fromLibrary).toHaveAttribute("src", variantOf(libraryUrl));
  await expect(inPlace).toHaveAttribute("src", variantOf(uploadedUrl));
  await expect(article.getByText("Costs fell after the move")).toBeVisible();
  for (const image of [fromLibrary, inPlace]) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  }
  const publicLink = text.getByRole("link", { name: targetTitle });
  await expect(publicLink).not.toHaveAttribute("target", /.*/);
  await expect(publicLink).not.toHaveAttribute("rel", /.*/);
  let popup = false;
  article.on("popup", () => {
    popup = true;
  });
  await publicLink.click();
  await expect(article).toHaveURL(`/blog/${targetSlug}`);
  await expect(article.getByRole("heading", { level: 1, name: targetTitle })).toBeVisible();
  expect(popup).toBe(false);
  await visitor.close();

  for (const path of [`/api/admin/articles/${slug}`, `/api/admin/articles/${targetSlug}`]) {
    await context.request.delete(`${baseURL}${path}`, { headers: { origin: baseURL } });
  }
});

test("the link dialog refuses javascript: and keeps an external link's choices", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const slug = `rich-text-links-${Date.now()}`;
  await createPublishedArticle(context, slug, "Links Checked");
  await page.goto(`/admin/articles/${slug}`);
  const body = getRichText(page, "Article text");
  await body.click();
  await body.press("Control+End");
  const toolbar = page.getByRole("toolbar", { name: "Text formatting" });
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert a link" });
  await dialog.getByLabel("Address (URL)").fill("javascript:window.__xss='dialog'");
  await dialog.getByRole("button", { name: "Insert link" }).click();
  await expect(dialog.getByText(/This address cannot be a link/)).toBeVisible();
  await dialog.getByLabel("Address (URL)").fill("data:text/html,<script>alert(1)</script>");
  await dialog.getByRole("button", { name: "Insert link" }).click();
  await expect(dialog.getByText(/This address cannot be a link/)).toBeVisible();

  // Another site: new tab and nofollow are off until chosen.
  await dialog.getByLabel("Address (URL)").fill("example.com/guide");
  const newTab = dialog.getByLabel("Open in a new tab");
  const nofollow = dialog.getByLabel(/nofollow/);
  await expect(newTab).not.toBeChecked();
  await expect(nofollow).not.toBeChecked();
  await dialog.getByLabel("Link text").fill("a guide");
  await newTab.check();
  await dialog.getByRole("button", { name: "Insert link" }).click();
  const link = body.getByRole("link", { name: "a guide" });
  await expect(link).toHaveAttribute("href", "http://example.com/guide");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  // Opened again on the link, prefilled; nofollow added; then removed.
  await link.click();
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit link" });
  await expect(edit.getByLabel("Address (URL)")).toHaveValue("http://example.com/guide");
  await expect(edit.getByLabel("Open in a new tab")).toBeChecked();
  await edit.getByLabel(/nofollow/).check();
  await edit.getByRole("button", { name: "Update link" }).click();
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await link.click();
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Edit link" })
    .getByRole("button", {
      name: "Remove link",
    })
    .click();
  await expect(body.getByRole("link")).toHaveCount(0);
  await expect(body).toContainText("a guide");

  // Quote, code block and a table with a header row, rows and columns added and removed.
  await body.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Said plainly");
  await toolbar.getByRole("button", { name: "Quote" }).click();
  await expect(body.locator("blockquote")).toHaveText("Said plainly");
  await toolbar.getByRole("button", { name: "Quote" }).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Code block" }).click();
  await page.keyboard.type("npm run backup");
  await expect(body.locator("pre code")).toHaveText("npm run backup");
  await toolbar.getByRole("button", { name: "Code block" }).click();
  await expect(body.locator("blockquote")).toHaveCount(0);
  await toolbar.getByRole("button", { name: "Table" }).click();
  await expect(body.locator("table tr")).toHaveCount(3);
  await expect(body.locator("table tr").first().locator("th")).toHaveCount(3);
  await toolbar.getByRole("button", { name: "Add row" }).click();
  await toolbar.getByRole("button", { name: "Add column" }).click();
  await expect(body.locator("table tr")).toHaveCount(4);
  await expect(body.locator("table tr").first().locator("th")).toHaveCount(4);
  await toolbar.getByRole("button", { name: "Delete column" }).click();
  await expect(body.locator("table tr").first().locator("th")).toHaveCount(3);
  await toolbar.getByRole("button", { name: "Delete table" }).click();
  await expect(body.locator("table")).toHaveCount(0);

  await context.request.delete(`${baseURL}/api/admin/articles/${slug}`, {
    headers: { origin: baseURL },
  });
});
