// History as the owner reads it, in Chromium: an article written, saved twice more, published and
// scheduled shows its own versions 1 to 5 with what happened in words (never "0 fields changed"),
// and Restore asks first, saying what it replaces: Cancel keeps everything, confirming restores.
import { expect, type Page } from "@playwright/test";
import { getRichText, getToast } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

/** "2026-05-04T09:00": tomorrow at 9 in the browser's time zone, for the Publish on field. */
function tomorrowAtNine(): string {
  const at = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:00`;
}

/** Saves with the given button and waits for the editor's list to show the new version. */
async function save(page: Page, button: string, version: number) {
  await page.getByRole("button", { name: button, exact: true }).first().click();
  // A toast from the save before may still show: the list's current version is this save's own.
  await expect(
    page.getByText(`Version ${version}: Saved (current)`, { exact: true }),
  ).toBeVisible();
}

test("History shows an article's own versions and its status changes in words; Restore asks first", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInWithSessionCookie(context, baseURL);
  const stamp = Date.now();
  const title = `Backups You Can Trust ${stamp}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");

  // Version 1: written and saved as a draft.
  await page.goto("/admin/articles/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt", { exact: true }).fill("Why a backup only counts once restored.");
  await page.getByLabel("Category", { exact: true }).fill("Infrastructure");
  await page.getByLabel("Author", { exact: true }).fill("Ana Lopez");
  await getRichText(page, "Article text").fill("Test the restore, not the backup.");
  await page.getByRole("button", { name: "Save Draft", exact: true }).first().click();
  await expect(getToast(page, "Saved as a draft")).toBeVisible();
  await expect(page).toHaveURL(`/admin/articles/${slug}`);

  // Versions 2 and 3: two more saves, then 4: published, and 5: scheduled.
  await expect(page.getByText("Version 1: Saved (current)", { exact: true })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(`${title}, Revised`);
  await save(page, "Save Draft", 2);
  await page.getByLabel("Excerpt", { exact: true }).fill("A backup counts once it is restored.");
  await save(page, "Save Draft", 3);
  await page.getByRole("radio", { name: /Published/ }).check();
  await save(page, "Publish", 4);
  await expect(getToast(page, "Published: visitors see it now.")).toBeVisible();
  await page.getByRole("radio", { name: /Scheduled/ }).check();
  await page.getByLabel("Publish on", { exact: true }).fill(tomorrowAtNine());
  await save(page, "Schedule", 5);
  await expect(getToast(page, "Scheduled: it appears on the site by itself")).toBeVisible();
  // The editor's own list counts the same versions as History.
  await expect(page.getByText("Version 1: Saved", { exact: true })).toBeVisible();

  await page.goto("/admin/history?kind=article");
  const entries = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ hasText: `${title}` });
  await expect(entries).toHaveCount(5);
  for (const [index, version] of [5, 4, 3, 2, 1].entries()) {
    await expect(entries.nth(index)).toContainText(`, version ${version}`);
  }
  await expect(entries.nth(0)).toContainText(/Unpublished and scheduled for \S/);
  await expect(entries.nth(0)).toContainText("Current version");
  await expect(entries.nth(1)).toContainText("Published");
  await expect(entries.nth(2)).toContainText("Changed: Excerpt");
  await expect(entries.nth(3)).toContainText("Changed: Title");
  await expect(entries.nth(4)).toContainText("Created as a draft");
  await expect(page.getByRole("main")).not.toContainText("fields changed");
  await expect(page.getByRole("main")).not.toContainText("No changes");

  // Version 4 says what happened, with no field list.
  await entries
    .nth(1)
    .getByRole("link", { name: /View changes/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(", version 4");
  await expect(page.getByRole("main").getByRole("listitem").first()).toHaveText("Published");
  await expect(page.getByText("No field of the text changed.")).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("0 fields changed");

  // Version 2's title back: Cancel first, and nothing changes.
  await page.goBack();
  await entries
    .nth(3)
    .getByRole("link", { name: /View changes/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(", version 2");
  await page.getByRole("button", { name: "Restore this version" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Restore version 2 of the article "${title}, Revised"?`);
  await expect(dialog).toContainText("This replaces the current version 5");
  await expect(dialog).toContainText("You can undo it by restoring version 5.");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto("/admin/history?kind=article");
  await expect(entries).toHaveCount(5);

  // Confirmed: version 2's text comes back as version 6; status and schedule stay.
  await entries
    .nth(3)
    .getByRole("link", { name: /View changes/ })
    .click();
  await page.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore version 2" }).click();
  await expect(page).toHaveURL(/\/admin\/history\?restored=/);
  await expect(page.getByRole("status")).toContainText(
    `Version 2 of the article "${title}, Revised" was restored: it is now version 6`,
  );
  const newest = page.getByRole("main").getByRole("listitem").first();
  await expect(newest).toContainText(`${title}, Revised, version 6`);
  await expect(newest).toContainText("Restored the text of an earlier version");
  await expect(newest).toContainText("Changed: Excerpt");
  await page.goto(`/admin/articles/${slug}`);
  await expect(page.getByLabel("Excerpt", { exact: true })).toHaveValue(
    "Why a backup only counts once restored.",
  );
  await expect(page.getByRole("radio", { name: /Scheduled/ })).toBeChecked();
});
