// Roles and devices end to end (issue 20, part A), at 1280 and 375 px: an editor signs in through
// the login page and sees only what an editor may use; the owners' screens and the leads export
// answer 403; an editor's Brand screen has no verification codes; an owner sees each admin's role
// on Admins; the account screen lists two browsers of
// the same admin, one signs the other out, and the other's next request lands on the login page.
// axe checks the new and changed screens.
import { expect, type Page } from "@playwright/test";
import { createAdmin } from "../../app/features/admin/admins/admins.server";
import { isSignedIn, openSignedIn, signInThroughLoginPage } from "./admin-helpers";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  openE2eDatabase,
  signInWithSessionCookie,
} from "./fixtures";
import { test } from "./test";

const password = "an editor's e2e password";

/** A new editor in the e2e database, with an address no other spec uses. */
async function createEditor(name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  const db = openE2eDatabase();
  try {
    await createAdmin(db, { email, password, role: "editor" });
  } finally {
    await db.destroy();
  }
  return email;
}

function adminNav(page: Page) {
  return page.getByRole("navigation", { name: "Admin" });
}

/** A menu entry by its label, whatever count stands beside it (Leads: "3 new"). */
function navLink(page: Page, label: string) {
  return adminNav(page).getByRole("link", { name: new RegExp(`^${label}(\\s|$)`) });
}

/** The admin menu, opened first below 1024 px where it folds. */
async function openMenu(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("an editor sees an editor's menu, and the owners' screens and the leads export answer 403", async ({
      page,
    }, testInfo) => {
      const email = await createEditor(`editor-${width}`);
      await signInThroughLoginPage(page, email, password);
      await page.waitForURL(/\/working-editor$/);
      await page.goto("/admin/history");
      await openMenu(page);
      for (const label of ["Content", "Articles", "Images", "Leads", "History", "Your account"]) {
        await expect(navLink(page, label)).toBeVisible();
      }
      for (const label of ["Admins", "Settings", "Activity", "Newsletter"]) {
        await expect(navLink(page, label)).toHaveCount(0);
      }
      await expect(page.getByText(`(Editor)`).first()).toBeAttached();

      // The leads inbox reads, without an owner's tools.
      await page.goto("/admin/leads?folder=all");
      await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send a test email" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

      const admins = await page.goto("/admin/admins");
      expect(admins?.status()).toBe(403);
      await expect(
        page.getByRole("heading", { name: "Only an owner can open this screen" }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`owners-only-${width}.png`) });
      await page.getByRole("link", { name: "Back to the content" }).click();
      await expect(page).toHaveURL(/\/edit$/);

      const csv = await page.request.get(`${baseURL}/admin/leads/subscribers.csv`);
      expect(csv.status()).toBe(403);
      expect(await csv.text()).not.toContain("email,");
    });

    test("an editor's Brand screen offers the colours and fonts, not the verification codes", async ({
      page,
    }, testInfo) => {
      const email = await createEditor(`brand-${width}`);
      await signInThroughLoginPage(page, email, password);
      await page.waitForURL(/\/working-editor$/);
      await page.goto("/admin/brand");
      await expect(page.getByRole("heading", { name: "Brand", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Primary colour", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Search engines" })).toHaveCount(0);
      await expect(page.getByLabel("Google Search Console code")).toHaveCount(0);
      // Their save keeps the owner's codes (the server refuses an editor's).
      await page.getByRole("button", { name: "Save brand" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Brand saved" }).first(),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`editor-brand-${width}.png`),
        fullPage: true,
      });
    });
  });
}

// These two at one width each: the Admins and account screens are walked and checked at both by
// admin-workspace; the editor's menu above folds at a phone's width, so it runs at both.
test.describe("at 375 px", () => {
  const width = 375;
  test.use({ viewport: { width, height: 900 } });

  test("an owner sees each admin's role on Admins", async ({ page, context }, testInfo) => {
    const email = await createEditor(`listed-${width}`);
    await signInWithSessionCookie(context, baseURL);
    await page.goto("/admin/admins");
    const row = page.getByRole("main").getByRole("listitem").filter({ hasText: email });
    await expect(row.getByText("Editor", { exact: true }).first()).toBeVisible();
    await expect(row.getByLabel(`Role of ${email}`)).toHaveValue("editor");
    await expect(page.getByRole("group", { name: "Their role" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`admins-${width}.png`), fullPage: true });
  });
});

test.describe("at 1280 px", () => {
  const width = 1280;

  test("the account screen lists two browsers; signing the other out sends it to the login page", async ({
    browser,
  }, testInfo) => {
    const email = await createEditor(`devices-${width}`);
    const one = await openSignedIn(browser, email, password);
    const two = await openSignedIn(browser, email, password);
    await one.page.setViewportSize({ width, height: 900 });
    await one.page.goto("/admin/account");
    await expect(one.page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
    const devices = one.page.getByRole("list", { name: "Where you are signed in" });
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    await expect(devices.getByRole("listitem").first()).toContainText("This device");
    await expect(devices.getByRole("listitem").first()).toContainText("Chrome on Windows");
    await expectNoSeriousA11yViolations(one.page);
    await one.page.screenshot({
      path: testInfo.outputPath(`account-${width}.png`),
      fullPage: true,
    });

    const other = devices.getByRole("listitem").filter({ hasNotText: "This device" });
    await other.getByRole("button", { name: /^Sign out/ }).click();
    await expect(one.page.getByRole("status")).toContainText("That device was signed out.");
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    expect(await isSignedIn(two.context)).toBe(false);
    await two.page.goto("/admin/history");
    await expect(two.page).toHaveURL(/\/admin\/login$/);
    expect(await isSignedIn(one.context)).toBe(true);
    await one.context.close();
    await two.context.close();
  });
});
