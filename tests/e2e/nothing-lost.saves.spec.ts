// Nothing lost while writing, in Chromium: an article or case study saves as a draft with only its
// title, and publishing it is refused with each missing field's message (the "Not Saved" toast
// goes once they are filled); text typed and never saved is offered back after a reload in the
// article editor, the case-study editor and the content manager; Ctrl+S saves an article.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { createEmptyInput } from "../../app/features/publishing/schema";
import { getToast } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const kinds = [
  {
    collection: "articles",
    singular: "article",
    named: "An article",
    missing: ["Excerpt is required", "Category is required", "Author is required"],
    fill: async (page: Page) => {
      await page.getByLabel("Excerpt", { exact: true }).fill("Short and to the point.");
      await page.getByLabel("Category", { exact: true }).fill("Security");
      await page.getByLabel("Author", { exact: true }).fill("Ana Lopez");
    },
  },
  {
    collection: "case-studies",
    singular: "case study",
    named: "A case study",
    missing: ["Summary is required", "Industry is required"],
    fill: async (page: Page) => {
      await page.getByLabel("Summary", { exact: true }).fill("Live positions for 80 trucks.");
      await page.getByLabel("Industry", { exact: true }).fill("Logistics");
    },
  },
] as const;

/** Creates a draft with only a title through the API; its slug. */
async function createTitleOnlyDraft(
  context: BrowserContext,
  collection: string,
  title: string,
): Promise<string> {
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const kind = collection === "articles" ? "article" : "case-study";
  const created = await context.request.post(`${baseURL}/api/admin/${collection}`, {
    headers: { origin: baseURL },
    data: { ...createEmptyInput(kind), slug, title },
  });
  expect(created.status(), await created.text()).toBe(201);
  return slug;
}

async function deleteItem(context: BrowserContext, collection: string, slug: string) {
  await context.request.delete(`${baseURL}/api/admin/${collection}/${slug}`, {
    headers: { origin: baseURL },
  });
}

/** Waits until the typed text is kept in this browser (written shortly after typing stops). */
async function waitForKeptDraft(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) => Object.values(window.localStorage).some((value) => value.includes(wanted)),
        text,
      ),
    )
    .toBe(true);
}

/** Reloads a page with unsaved changes: the browser asks first, and the admin leaves anyway. */
async function reloadAnyway(page: Page): Promise<string[]> {
  const asked: string[] = [];
  const accept = (dialog: { type: () => string; accept: () => Promise<void> }) => {
    asked.push(dialog.type());
    void dialog.accept();
  };
  page.on("dialog", accept);
  await page.reload();
  page.off("dialog", accept);
  return asked;
}

const draftNotice = (page: Page) =>
  page.getByRole("status").filter({ hasText: "You have unsaved changes from an earlier visit" });

for (const kind of kinds) {
  test(`${kind.named} saves as a draft with only a title; publishing it asks for the rest`, async ({
    page,
    context,
  }) => {
    await signInWithSessionCookie(context, baseURL);
    const title = `Only A Title ${Date.now()}`;
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    await page.goto(`/admin/${kind.collection}/new`);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save Draft" }).first().click();
    await expect(getToast(page, "Saved as a draft")).toBeVisible();
    await expect(page).toHaveURL(`/admin/${kind.collection}/${slug}`);

    await page.goto(`/admin/${kind.collection}`);
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Draft");
    await row.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    await page.getByRole("radio", { name: /^Published/ }).check();
    await page.getByRole("button", { name: "Publish" }).first().click();
    await expect(getToast(page, "Not Saved")).toBeVisible();
    for (const message of kind.missing) await expect(page.getByText(message)).toBeVisible();
    // The toast speaks of the marked fields: once they are filled it goes, before its own time.
    await kind.fill(page);
    await expect(getToast(page, "Not Saved")).toHaveCount(0, { timeout: 1_000 });
    for (const message of kind.missing) await expect(page.getByText(message)).toHaveCount(0);

    // Visitors never saw the incomplete draft.
    const visitor = await context.browser()?.newContext();
    const prefix = kind.collection === "articles" ? "/blog/" : "/case-studies/";
    const answer = await visitor?.request.get(`${baseURL}${prefix}${slug}`, { maxRedirects: 0 });
    expect(answer?.status()).toBe(404);
    await visitor?.close();
    await deleteItem(context, kind.collection, slug);
  });
}

test("a new article's unsaved text is offered back after a reload and restores", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/admin/articles/new");
  const title = `Typed Before The Crash ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt", { exact: true }).fill("An excerpt never saved.");
  await waitForKeptDraft(page, "An excerpt never saved.");

  expect(await reloadAnyway(page)).toEqual(["beforeunload"]);
  await expect(draftNotice(page)).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expectNoSeriousA11yViolations(page);
  await draftNotice(page).getByRole("button", { name: "Restore my changes" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Excerpt", { exact: true })).toHaveValue("An excerpt never saved.");
  // The slug still follows the title, as it did before the reload.
  await page.getByLabel("Title", { exact: true }).fill(`${title} Again`);
  await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(
    `${title} Again`.toLowerCase().replace(/\s+/g, "-"),
  );

  // Saved, the draft is gone: the next new article starts empty, with no offer.
  await page.getByRole("button", { name: "Save Draft" }).first().click();
  await expect(getToast(page, "Saved as a draft")).toBeVisible();
  await page.goto("/admin/articles/new");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(draftNotice(page)).toHaveCount(0);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("draft"))),
  ).toEqual([]);
  await deleteItem(context, "articles", `${title} Again`.toLowerCase().replace(/\s+/g, "-"));
});

test("a case study's unsaved text is offered back after a reload, and Discard forgets it", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const slug = await createTitleOnlyDraft(context, "case-studies", `Kept Study ${Date.now()}`);
  await page.goto(`/admin/case-studies/${slug}`);
  await page.getByLabel("Summary", { exact: true }).fill("A summary typed and never saved.");
  await waitForKeptDraft(page, "A summary typed and never saved.");

  await reloadAnyway(page);
  await expect(page.getByLabel("Summary", { exact: true })).toHaveValue("");
  await draftNotice(page).getByRole("button", { name: "Restore my changes" }).click();
  await expect(page.getByLabel("Summary", { exact: true })).toHaveValue(
    "A summary typed and never saved.",
  );
  await expect(page.getByText("You have unsaved changes").first()).toBeVisible();

  await reloadAnyway(page);
  await draftNotice(page).getByRole("button", { name: "Discard them" }).click();
  await expect(draftNotice(page)).toHaveCount(0);
  await page.reload();
  await expect(draftNotice(page)).toHaveCount(0);
  await expect(page.getByLabel("Summary", { exact: true })).toHaveValue("");
  await deleteItem(context, "case-studies", slug);
});

test("the content manager's unsaved text is offered back after a reload and restores", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "Blog" }).click();
  const heading = page.getByLabel("Blog Heading");
  const stored = await heading.inputValue();
  await heading.fill("A blog heading typed and never saved");
  await waitForKeptDraft(page, "A blog heading typed and never saved");

  expect(await reloadAnyway(page)).toEqual(["beforeunload"]);
  await draftNotice(page).getByRole("button", { name: "Restore my changes" }).click();
  await page.getByRole("tab", { name: "Blog" }).click();
  await expect(heading).toHaveValue("A blog heading typed and never saved");
  await reloadAnyway(page);
  await draftNotice(page).getByRole("button", { name: "Discard them" }).click();
  await page.getByRole("tab", { name: "Blog" }).click();
  await expect(heading).toHaveValue(stored);
});

test("Ctrl+S saves the article on screen", async ({ page, context }) => {
  await signInWithSessionCookie(context, baseURL);
  const slug = await createTitleOnlyDraft(context, "articles", `Saved By Keyboard ${Date.now()}`);
  await page.goto(`/admin/articles/${slug}`);
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("Saved With Control S");
  await expect(page.getByText("You have unsaved changes").first()).toBeVisible();
  await title.press("Control+s");
  await expect(getToast(page, "Saved as a draft")).toBeVisible();
  await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
  await page.reload();
  await expect(title).toHaveValue("Saved With Control S");
  await expect(draftNotice(page)).toHaveCount(0);
  await deleteItem(context, "articles", slug);
});
