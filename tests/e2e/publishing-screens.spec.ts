// The publishing screens without saving anything: the lists and editors of articles and case
// studies reached from the admin navigation, their filters, the library picker and the delete
// confirmation, checked with axe at 1280 and 375 px; visitors are sent to the login page.
import { expect } from "@playwright/test";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { defaultCaseStudies } from "../../app/features/publishing/default-case-studies";
import { getToast } from "./admin-helpers";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  makeUniquePng,
  signInWithSessionCookie,
} from "./fixtures";
import { test } from "./test";

const article = defaultArticles[0];
const study = defaultCaseStudies[0];

test("visitors are sent to the login page", async ({ page }) => {
  await page.goto("/admin/articles");
  await expect(page).toHaveURL(/\/admin\/login$/);
  const api = await page.request.get("/api/admin/case-studies");
  expect(api.status()).toBe(401);
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // axe on a long editor page takes a while on a busy machine.
    test.setTimeout(120_000);

    // axe checks both lists at these widths in admin-workspace.saves.spec.ts, with every screen.
    test("the lists: reached from the navigation, filtered", async ({ page, context }) => {
      await signInWithSessionCookie(context, baseURL);
      await page.goto("/edit");
      if (width < 768) await page.getByRole("button", { name: /menu/i }).click();
      await page.getByRole("link", { name: "Articles", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
      await expect(
        page.getByRole("link", { name: article?.title ?? "", exact: true }),
      ).toBeVisible();

      await page.getByLabel("Category").selectOption("Cybersecurity");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/category=Cybersecurity|group=Cybersecurity/);
      await expect(page.getByRole("listitem").filter({ hasText: "Published" })).toHaveCount(1);
      await page.getByLabel("Status").selectOption("draft");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByText("No articles match these filters")).toBeVisible();

      await page.goto("/admin/case-studies");
      await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
      await expect(page.getByRole("link", { name: study?.title ?? "", exact: true })).toBeVisible();
    });

    test("the editors: fields filled from the item, library picker, delete dialog", async ({
      page,
      context,
    }) => {
      await signInWithSessionCookie(context, baseURL);
      await page.goto(`/admin/articles/${article?.id}`);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(article?.title ?? "");
      await expect(page.getByRole("textbox", { name: "Article text" })).toBeVisible();
      await expect(page.getByRole("radio", { name: /Published/ })).toBeChecked();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole("button", { name: "Choose from library" }).click();
      const library = page.getByRole("radiogroup", { name: "Images in the library" });
      await expect(library.getByRole("radio", { checked: true })).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole("button", { name: "Delete article" }).click();
      await expect(page.getByRole("alertdialog")).toContainText(article?.title ?? "");
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toHaveCount(0);

      await page.goto("/admin/case-studies/new");
      await expect(page.getByRole("heading", { level: 1, name: "New Case Study" })).toBeVisible();
      await page.getByLabel("Title", { exact: true }).fill("Cloud Backup for a Dental Group");
      await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(
        "cloud-backup-for-a-dental-group",
      );
      await page.getByRole("radio", { name: /Scheduled/ }).check();
      await expect(page.getByLabel("Publish on")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto(`/admin/case-studies/${study?.id}`);
      await expect(page.getByLabel("Result 1 value")).toHaveValue(study?.results[0]?.value ?? "");
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("an unused upload is deleted from the library after confirmation", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/images");
  await page.getByLabel("Image file").setInputFiles({
    name: "to-delete.png",
    mimeType: "image/png",
    buffer: makeUniquePng(),
  });
  await page.getByRole("button", { name: "Upload Image" }).click();
  // Only this test's own upload is touched (other specs upload too).
  const saved = await getToast(page, "Saved as").textContent();
  const url = /\/images\/uploads\/[0-9a-f]{32}\.png/.exec(saved ?? "")?.[0] ?? "";
  expect(url).not.toBe("");
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: url });
  await expect(card).toContainText("Not used on any page");
  await card.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this image?" });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Delete Image" }).click();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
});
