// The admin workspace end to end (issue 9): every admin screen reached from the one navigation at
// 1280 and 375 px, with axe; a change saved on the content screen shows on the public page, then
// in History and the Activity log, and Restore brings the old text back; an added admin can sign
// in and a removed one cannot; a password change ends the admin's other sessions; a reset from
// the command line ends the sessions. It saves content, so it runs with the other *.saves specs.
import { spawnSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { getToast, isSignedIn, openSignedIn, signInThroughLoginPage } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { e2eAdmin, readE2eState } from "./state";
import { test } from "./test";

const screens = [
  { link: "Content", heading: "Content Editor", path: "/edit" },
  { link: "More content", heading: "Content Manager", path: "/content" },
  { link: "Articles", heading: "Articles", path: "/admin/articles" },
  { link: "Case studies", heading: "Case Studies", path: "/admin/case-studies" },
  { link: "Pages", heading: "Pages", path: "/admin/pages" },
  { link: "Images", heading: "Manage Images", path: "/images" },
  { link: "Leads", heading: "Leads", path: "/admin/leads" },
  { link: "Newsletter", heading: "Newsletter", path: "/admin/newsletter" },
  { link: "History", heading: "History", path: "/admin/history" },
  { link: "Activity", heading: "Activity", path: "/admin/activity" },
  { link: "Admins", heading: "Admins", path: "/admin/admins" },
  { link: "Settings", heading: "Settings", path: "/admin/settings" },
  { link: "Your account", heading: "Your account", path: "/admin/account" },
  { link: "Security", heading: "Security", path: "/admin/security" },
];

function adminNav(page: Page) {
  return page.getByRole("navigation", { name: "Admin" });
}

/** A menu entry's name, whatever count stands beside it (Leads: "Leads (3 new messages)"). */
function entryName(label: string): RegExp {
  return new RegExp(`^${label}(\\s|$)`);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("every admin screen is reached from the navigation and passes axe", async ({
      page,
      context,
    }) => {
      // Thirteen screens, each checked by axe: more than the default 30 s on a busy machine.
      test.setTimeout(180_000);
      await signInWithSessionCookie(context, baseURL);
      await page.goto("/admin/history");
      const menuButton = page.getByRole("button", { name: "Menu" });
      for (const screen of [...screens.slice(1), screens[0]]) {
        if (!screen) continue;
        if (width < 1024) {
          await expect(adminNav(page)).toBeHidden();
          await menuButton.click();
          await expect(menuButton).toHaveAttribute("aria-expanded", "true");
        }
        await adminNav(page)
          .getByRole("link", { name: entryName(screen.link) })
          .click();
        await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
        await expect(page.getByRole("heading", { name: screen.heading, level: 1 })).toBeVisible();
        await expect(
          page
            .getByRole("navigation", { name: "Admin", includeHidden: true })
            .getByRole("link", { name: entryName(screen.link), includeHidden: true }),
        ).toHaveAttribute("aria-current", "page");
        await expect(
          page.getByRole("banner").getByRole("button", { name: "Logout" }),
        ).toBeVisible();
        if (width < 1024) await expect(adminNav(page)).toBeHidden();
        await expectNoSeriousA11yViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, screen.path).toBeLessThanOrEqual(0);
      }
      if (width < 1024) {
        // The menu works from the keyboard: Escape closes it and gives focus back.
        await menuButton.focus();
        await page.keyboard.press("Enter");
        await expect(adminNav(page)).toBeVisible();
        await expect(adminNav(page).getByText(`Signed in as ${e2eAdmin.email}`)).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(adminNav(page)).toBeHidden();
        await expect(menuButton).toBeFocused();
        await menuButton.click();
      } else {
        await expect(
          page
            .getByRole("banner")
            .getByText(`Signed in as ${e2eAdmin.email}`)
            .filter({ visible: true }),
        ).toBeVisible();
      }
      await adminNav(page).getByRole("link", { name: "View site" }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
    });
  });
}

test("a saved change shows on the site, in History and in Activity; Restore brings the old text back", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/edit");
  await page.getByRole("tab", { name: "Home" }).click();
  const heroTitle = page.getByLabel("Hero Title");
  const oldTitle = await heroTitle.inputValue();
  const newTitle = `Dependable IT, checked ${Date.now()}`;
  await heroTitle.fill(newTitle);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Content Saved")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(newTitle);

  await page.goto("/admin/history");
  const entries = page.getByRole("main").getByRole("listitem");
  await expect(entries.first()).toContainText("Current version");
  await expect(entries.first()).toContainText(e2eAdmin.email);
  await expect(entries.first()).toContainText("Changed: Home");
  await entries
    .first()
    .getByRole("link", { name: /View changes/ })
    .click();
  const change = page.getByRole("listitem").filter({ hasText: "Home › Hero Title" });
  await expect(change).toContainText(oldTitle);
  await expect(change).toContainText(newTitle);
  await expectNoSeriousA11yViolations(page);

  await adminNav(page).getByRole("link", { name: "Activity" }).click();
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow).toContainText("Content saved");
  await expect(firstRow).toContainText(e2eAdmin.email);
  await page.getByLabel("Action").selectOption("content-save");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=content-save/);
  await expect(page.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(0);

  // The version before the save holds the old title: restore it.
  await adminNav(page).getByRole("link", { name: "History" }).click();
  await entries
    .nth(1)
    .getByRole("link", { name: /View changes/ })
    .click();
  await page.getByRole("button", { name: "Restore this version" }).click();
  const confirmation = page.getByRole("alertdialog");
  await expect(confirmation).toContainText(/^Restore version \d+ of the site content\?/);
  await expect(confirmation).toContainText("This replaces the current version");
  await confirmation.getByRole("button", { name: /^Restore version/ }).click();
  await expect(page.getByRole("status")).toContainText("was restored");
  await expect(entries.first()).toContainText(e2eAdmin.email);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(oldTitle);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText(newTitle);
  await page.goto("/admin/activity?action=content-restore");
  await expect(page.getByRole("row").nth(1)).toContainText("Content restored");
});

test("an added admin can sign in; a password change ends their other sessions; the command line's reset ends them all; a removed admin cannot sign in", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `helper-${Date.now()}@example.com`;
  const firstPassword = "a helper's first password";
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/admin/admins");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Type a password").check();
  await page.getByLabel("Password", { exact: true }).fill(firstPassword);
  await page.getByLabel("Password again", { exact: true }).fill(firstPassword);
  await page.getByRole("button", { name: "Add admin" }).click();
  await expect(page.getByRole("status")).toContainText(`${email} can now sign in as an editor.`);
  await expect(
    page.getByRole("main").getByRole("listitem").filter({ hasText: email }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Two browsers of the new admin; a password change in one ends the other.
  const one = await openSignedIn(browser, email, firstPassword);
  const two = await openSignedIn(browser, email, firstPassword);
  await one.page.goto("/admin/account");
  const secondPassword = "a helper's second password";
  await one.page.getByLabel("Current password").fill(firstPassword);
  await one.page.getByLabel("New password", { exact: true }).fill(secondPassword);
  await one.page.getByLabel("New password again").fill(secondPassword);
  await one.page.getByRole("button", { name: "Change password" }).click();
  await expect(one.page.getByRole("status")).toContainText(
    "Every other session of your account has ended.",
  );
  expect(await isSignedIn(one.context)).toBe(true);
  expect(await isSignedIn(two.context)).toBe(false);
  await two.page.goto("/admin/history");
  await expect(two.page).toHaveURL(/\/admin\/login$/);

  // The command line's reset ends every session of that admin.
  const cli = spawnSync(
    process.execPath,
    ["scripts/admin.ts", "reset-password", email, "--password", "a password set by the cli"],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: `file:${readE2eState(baseURL).databasePath}`,
        LOG_LEVEL: "warn",
      },
    },
  );
  expect(cli.stdout, cli.stderr).toContain("their sessions have ended");
  expect(await isSignedIn(one.context)).toBe(false);
  await one.context.close();
  await two.context.close();

  // Removed: the admin cannot sign in any more.
  await page.reload();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Remove ${email}` }).click();
  await expect(page.getByRole("status")).toContainText(`${email} was removed`);
  const removed = await browser.newContext();
  const removedPage = await removed.newPage();
  const refusal = await signInThroughLoginPage(removedPage, email, "a password set by the cli");
  expect(refusal.status()).toBe(401);
  await expect(getToast(removedPage, "Login Failed")).toBeVisible();
  await expect(removedPage).toHaveURL(/\/admin\/login$/);
  await removed.close();

  await page.goto(`/admin/activity?action=admin-delete`);
  await expect(page.getByRole("row").nth(1)).toContainText(email);
});
