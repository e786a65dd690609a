// Publishing in Chromium, as the owner does it: write an article (and a case study) with a cover
// uploaded in place, save a draft that visitors cannot see but the admin can preview, schedule it
// a minute ahead and watch it appear on the site and in the feed by itself, change its slug and
// follow the old address, unpublish it, delete it.
import { type Browser, expect, type Page } from "@playwright/test";
import { getRichText, getToast, nextMinuteAhead } from "./admin-helpers";
import { baseURL, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

/** A real 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type Flow = {
  collection: "articles" | "case-studies";
  singular: "article" | "case study";
  /** With its article, for the test's name. */
  named: string;
  publicPrefix: string;
  bodyLabel: string;
  /** The kind's own fields, filled with valid values. */
  fillOwnFields: (page: Page) => Promise<void>;
  /** Where a visitor finds published items of this kind. */
  listPath: string;
  inFeed: boolean;
};

const flows: Flow[] = [
  {
    collection: "articles",
    singular: "article",
    named: "an article",
    publicPrefix: "/blog/",
    bodyLabel: "Article text",
    listPath: "/blog",
    inFeed: true,
    fillOwnFields: async (page) => {
      await page
        .getByLabel("Excerpt", { exact: true })
        .fill("What zero trust means for a ten-person company.");
      await page.getByLabel("Category", { exact: true }).fill("Security Operations");
      await page.getByLabel("Author", { exact: true }).fill("Maria van der Berg");
      await expect(page.getByText("Shown with the initials MB.")).toBeVisible();
    },
  },
  {
    collection: "case-studies",
    singular: "case study",
    named: "a case study",
    publicPrefix: "/case-studies/",
    bodyLabel: "Full story",
    listPath: "/case-studies",
    inFeed: false,
    fillOwnFields: async (page) => {
      await page
        .getByLabel("Summary", { exact: true })
        .fill("Live positions for a fleet of 80 trucks.");
      await page.getByLabel("Industry", { exact: true }).fill("Logistics");
      await page.getByLabel("Client", { exact: true }).fill("Northline Freight");
      await page
        .getByLabel("Challenge", { exact: true })
        .fill("Dispatchers phoned drivers to find them.");
      await page
        .getByLabel("Approach", { exact: true })
        .fill("Chose trackers\nIntegrated dispatch");
      await page.getByRole("button", { name: "Add Result" }).click();
      await page.getByLabel("Result 1 value", { exact: true }).fill("30%");
      await page.getByLabel("Result 1 label", { exact: true }).fill("fewer calls");
    },
  },
];

async function visitorStatus(browser: Browser, path: string): Promise<number> {
  const visitor = await browser.newContext();
  const response = await visitor.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
  await visitor.close();
  return response.status();
}

async function visitorText(browser: Browser, path: string): Promise<string> {
  const visitor = await browser.newContext();
  const text = await (await visitor.request.get(`${baseURL}${path}`)).text();
  await visitor.close();
  return text;
}

for (const flow of flows) {
  test(`writes, schedules, moves, unpublishes and deletes ${flow.named}`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(240_000);
    await signInWithSessionCookie(context, baseURL);
    const title = `Fleet Tracking Without the Guesswork ${Date.now()}`;
    const slug = title.toLowerCase().replace(/\s+/g, "-");

    // Write it: the slug follows the title; the cover is uploaded in place.
    await page.goto(`/admin/${flow.collection}`);
    await page.getByRole("link", { name: /^New / }).click();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(slug);
    await flow.fillOwnFields(page);
    await page.getByLabel("Upload new image", { exact: true }).setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: png,
    });
    await expect(page.locator("img[src^='/images/uploads/']").first()).toBeVisible();
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Describe the image for people who cannot see it")).toBeVisible();
    await page
      .getByLabel("Image description (alt text)", { exact: true })
      .fill("A map with truck positions");
    await getRichText(page, flow.bodyLabel).fill("The whole story, told plainly.");
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(getToast(page, "Saved as a draft")).toBeVisible();
    await expect(page).toHaveURL(`/admin/${flow.collection}/${slug}`);

    // A draft: nowhere for a visitor, visible in the admin's preview.
    expect(await visitorStatus(browser, `${flow.publicPrefix}${slug}`)).toBe(404);
    expect(await visitorText(browser, flow.listPath)).not.toContain(title);
    const preview = await context.newPage();
    await preview.goto(`${flow.publicPrefix}${slug}`);
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole("note")).toContainText("only signed-in admins can see it");
    await expect(preview.locator("img[src^='/images/uploads/']").first()).toBeVisible();
    await preview.close();

    // Scheduled a minute ahead: it appears by itself, with nobody saving anything.
    const { local, at } = nextMinuteAhead();
    await page.getByRole("radio", { name: /Scheduled/ }).check();
    await page.getByLabel("Publish on", { exact: true }).fill(local);
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(getToast(page, "Scheduled")).toBeVisible();
    expect(await visitorStatus(browser, `${flow.publicPrefix}${slug}`)).toBe(404);
    if (flow.inFeed) expect(await visitorText(browser, "/blog/feed.xml")).not.toContain(slug);

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(flow.listPath);
    await expect(visitorPage.getByText(title)).toHaveCount(0);
    // Watched through the listing's HTML: a page load every two seconds for a minute was most of
    // the CPU this wait used. The visitor's page then shows it once.
    await expect
      .poll(() => visitorText(browser, flow.listPath), {
        timeout: at.getTime() - Date.now() + 30_000,
        intervals: [2_000],
      })
      .toContain(title);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    await visitorPage.reload();
    await expect(visitorPage.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
    if (flow.inFeed)
      expect(await visitorText(browser, "/blog/feed.xml")).toContain(`/blog/${slug}`);

    // A new slug: the old address leads to the new one.
    await page.reload();
    await page.getByLabel("URL slug", { exact: true }).fill(`${slug}-moved`);
    await expect(
      page.getByText(`the old address ${flow.publicPrefix}${slug} will redirect there`),
    ).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(`/admin/${flow.collection}/${slug}-moved`);
    await visitorPage.goto(`${flow.publicPrefix}${slug}`);
    await expect(visitorPage).toHaveURL(`${flow.publicPrefix}${slug}-moved`);
    await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Unpublished: gone for visitors again.
    await page.getByRole("radio", { name: /Draft/ }).check();
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(getToast(page, "Saved as a draft")).toBeVisible();
    expect(await visitorStatus(browser, `${flow.publicPrefix}${slug}-moved`)).toBe(404);
    await visitorPage.goto(flow.listPath);
    await expect(visitorPage.getByText(title)).toHaveCount(0);
    await visitor.close();

    // Deleted, after a confirmation that can be cancelled.
    await page.getByRole("button", { name: `Delete ${flow.singular}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(title);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: `Delete ${flow.singular}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(`/admin/${flow.collection}`);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await page.goto(`/admin/${flow.collection}/${slug}-moved`);
    await expect(page.getByRole("heading", { name: /not found/ })).toBeVisible();
  });
}

test("a save over someone else's newer save is refused until the admin chooses", async ({
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const slug = `two-tabs-${Date.now()}`;
  const created = await context.request.post(`${baseURL}/api/admin/articles`, {
    headers: { origin: baseURL },
    data: {
      slug,
      status: "draft",
      publishAt: "",
      title: "Two Tabs",
      excerpt: "Opened twice.",
      category: "Testing",
      authorName: "Ana Lopez",
      readTime: "",
      imageUrl: "",
      imageAlt: "",
      body: "<p>Text.</p>",
    },
  });
  expect(created.status()).toBe(201);
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) await page.goto(`/admin/articles/${slug}`);

  await first.getByLabel("Title", { exact: true }).fill("Two Tabs, First Save");
  await first.getByRole("button", { name: "Save Draft" }).click();
  await expect(getToast(first, "Saved as a draft")).toBeVisible();

  await second.getByLabel("Title", { exact: true }).fill("Two Tabs, Second Save");
  await second.getByRole("button", { name: "Save Draft" }).click();
  const notice = second.getByRole("alert").filter({ hasText: "Someone else saved this article" });
  await expect(notice).toBeVisible();
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue("Two Tabs, Second Save");
  await notice.getByRole("button", { name: "Save my version anyway" }).click();
  await expect(getToast(second, "Saved as a draft")).toBeVisible();
  await first.reload();
  await expect(first.getByLabel("Title", { exact: true })).toHaveValue("Two Tabs, Second Save");

  await context.request.delete(`${baseURL}/api/admin/articles/${slug}`, {
    headers: { origin: baseURL },
  });
});

test("a save shows the stored item from its answer, without loading the page again", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const slug = `answered-save-${Date.now()}`;
  const created = await context.request.post(`${baseURL}/api/admin/articles`, {
    headers: { origin: baseURL },
    data: {
      slug,
      status: "draft",
      publishAt: "",
      title: "Answered Save",
      excerpt: "Saved once.",
      category: "Testing",
      authorName: "Ana Lopez",
      readTime: "",
      imageUrl: "",
      imageAlt: "",
      body: "<p>Text.</p>",
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/admin/articles/${slug}`);
  const badge = page.getByRole("heading", { name: "Publish", exact: true }).locator("..");
  const revisions = page.locator("ol").filter({ hasText: "(current)" }).locator("li");
  await expect(badge).toContainText("Draft");
  await expect(revisions).toHaveCount(1);

  // From here on, neither a document nor a loader's data is fetched: the answers are enough.
  const reloads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "document" || pathname.endsWith(".data"))
      reloads.push(request.url());
  });

  await page.getByRole("radio", { name: /Published/ }).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(getToast(page, "Published")).toBeVisible();
  await expect(badge).toContainText("Published");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first()).toContainText("Saved (current)");

  // The version the answer carried is the one the next save sends: no conflict.
  await page.getByLabel("Title", { exact: true }).fill("Answered Save, Again");
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(revisions).toHaveCount(3);
  await expect(revisions.first()).toContainText("Answered Save, Again");
  await expect(page).toHaveTitle(/^Edit: Answered Save, Again/);
  await expect(page.getByText("Someone else saved this article")).toHaveCount(0);
  await expect(page.getByText("You have unsaved changes")).toHaveCount(0);

  // Restoring the first text, once confirmed: the form, the list and the status follow the answer.
  await revisions
    .last()
    .getByRole("button", { name: /^Restore/ })
    .click();
  const confirmation = page.getByRole("alertdialog");
  await expect(confirmation).toContainText("This replaces the current version 3");
  await confirmation.getByRole("button", { name: "Restore version 1" }).click();
  await expect(getToast(page, "Restored")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Answered Save");
  await expect(page).toHaveTitle(/^Edit: Answered Save(?!,)/);
  await expect(revisions).toHaveCount(4);
  await expect(revisions.first()).toContainText("Restored (current)");
  await expect(badge).toContainText("Published");
  expect(reloads).toEqual([]);

  await context.request.delete(`${baseURL}/api/admin/articles/${slug}`, {
    headers: { origin: baseURL },
  });
});
