// The leads inbox as the owner works through it, at a desktop and a phone width: messages newest
// first with their mail state; mark one handled, move one to spam and back, delete one through the
// dialog (by keyboard), search; the menu's count of new messages; axe clean, dialog open too.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { getUniqueEmail, useOwnAddress } from "./leads-helpers";
import { test } from "./test";

const widths = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 812 },
] as const;

test("sends a visitor without an admin session to /admin/login", async ({ page }) => {
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

/** Sends messages through the public API as visitors do, all from one unique address. */
async function sendMessages(page: Page, email: string, names: string[]) {
  for (const name of names) {
    const response = await page.request.post("/api/contact", {
      headers: { origin: baseURL },
      data: { name, email, company: "Lead Co", message: `Hello from ${name}, call me.` },
    });
    expect(response.status()).toBe(201);
  }
}

/** The inbox searched for one test's address, so other specs' messages stay out of view. */
async function openInbox(page: Page, context: BrowserContext, email: string, folder = "new") {
  await signInWithSessionCookie(context, baseURL);
  await page.goto(`/admin/leads?folder=${folder}&q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
}

const messageCards = (page: Page) =>
  page.getByRole("region", { name: "Contact messages" }).getByRole("article");

/** Runs a message's action: its button where it shows one, else from its More menu. */
async function runAction(page: Page, card: ReturnType<typeof messageCards>, label: string) {
  const button = card.getByRole("button", { name: label });
  if (await button.isVisible()) {
    await button.click();
    return;
  }
  await card.getByRole("button", { name: /^More/ }).click();
  await page.getByRole("menuitem", { name: label }).click();
}

for (const size of widths) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("lists messages newest first with their mail state, counts new ones in the menu, and is axe clean", async ({
      page,
      context,
    }, testInfo) => {
      await useOwnAddress(context, testInfo);
      const sender = getUniqueEmail("lead");
      await sendMessages(page, sender, ["Older Lead", "Newer Lead"]);
      await openInbox(page, context, sender);
      const newer = messageCards(page).filter({ hasText: "Newer Lead" });
      await expect(newer).toContainText("Hello from Newer Lead, call me.");
      await expect(newer).toContainText("Lead Co");
      await expect(newer).toContainText("Not emailed");
      await expect(newer.getByRole("link", { name: sender })).toHaveAttribute(
        "href",
        `mailto:${sender}`,
      );
      const names = await messageCards(page).getByRole("heading").allTextContents();
      expect(names).toEqual(["Newer Lead", "Older Lead"]);
      await expect(page.getByRole("link", { name: /^New \d+$/ })).toHaveAttribute(
        "aria-current",
        "page",
      );
      if (size.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
      await expect(
        page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Leads/ }),
      ).toHaveAccessibleName(/^Leads \(\d+ new messages?\)$/);
      await expect(page.getByText("Email alerts are off")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`leads-${size.width}.png`),
        fullPage: true,
      });
    });

    test("marks a message handled, moves one to spam and back, and deletes one through the dialog", async ({
      page,
      context,
    }, testInfo) => {
      await useOwnAddress(context, testInfo);
      const sender = getUniqueEmail("work");
      await sendMessages(page, sender, ["Handle Me", "Spam Me", "Delete Me"]);
      await openInbox(page, context, sender);
      await expect(messageCards(page)).toHaveCount(3);

      // Handled: gone from New, in Handled, with Undo offered.
      await runAction(page, messageCards(page).filter({ hasText: "Handle Me" }), "Mark handled");
      await expect(page.getByRole("status").filter({ hasText: "as handled" })).toBeVisible();
      await expect(messageCards(page)).toHaveCount(2);
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(sender)}`));

      // To spam and back.
      await runAction(page, messageCards(page).filter({ hasText: "Spam Me" }), "Move to spam");
      await expect(page.getByRole("status").filter({ hasText: "to Spam" })).toBeVisible();
      await expect(messageCards(page)).toHaveCount(1);
      await page.getByRole("link", { name: /^Spam \d+$/ }).click();
      const spam = messageCards(page).filter({ hasText: "Spam Me" });
      await expect(spam).toContainText("Why it is in Spam: Moved to Spam by an admin");
      await runAction(page, spam, "Not spam");
      await expect(page.getByRole("status").filter({ hasText: "back to New" })).toBeVisible();
      await expect(messageCards(page)).toHaveCount(0);
      await page.getByRole("link", { name: /^New \d+$/ }).click();
      await expect(messageCards(page)).toHaveCount(2);

      // Delete, by keyboard: the dialog opens, is axe clean, and confirms with Enter.
      const doomed = messageCards(page).filter({ hasText: "Delete Me" });
      if (size.name === "desktop") {
        await doomed.getByRole("button", { name: /^Delete \(/ }).focus();
        await page.keyboard.press("Enter");
      } else {
        await doomed.getByRole("button", { name: /^More/ }).focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("menu")).toBeVisible();
        await page.getByRole("menuitem", { name: "Delete", exact: true }).focus();
        await page.keyboard.press("Enter");
      }
      const dialog = page.getByRole("alertdialog", { name: "Delete this message?" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`leads-dialog-${size.width}.png`) });
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Delete message" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Message deleted." })).toBeVisible();
      await expect(messageCards(page)).toHaveCount(1);
      await expect(messageCards(page)).toContainText("Spam Me");
      await page.reload();
      await expect(messageCards(page)).toHaveCount(1);
      await page.goto(`/admin/leads?folder=all&q=${encodeURIComponent(sender)}`);
      await expect(messageCards(page).getByRole("heading")).toHaveText(["Spam Me", "Handle Me"]);
    });
  });
}

// The search works the same at any width: one is enough.
test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("searches by name, company or text, whatever the case, and keeps the search in the address", async ({
    page,
    context,
  }, testInfo) => {
    await useOwnAddress(context, testInfo);
    const token = `zephyr${Date.now()}`;
    const sender = getUniqueEmail("search");
    await sendMessages(page, sender, [`Quinn ${token}`]);
    await signInWithSessionCookie(context, baseURL);
    await page.goto("/admin/leads");
    const search = page.getByRole("searchbox", { name: "Search messages" });
    await search.fill(token.toUpperCase());
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${token.toUpperCase()}`));
    await expect(messageCards(page)).toHaveCount(1);
    await expect(messageCards(page)).toContainText(`Quinn ${token}`);
    await page.reload();
    await expect(search).toHaveValue(token.toUpperCase());
    await expect(messageCards(page)).toHaveCount(1);
    await search.fill(`${token} nowhere-to-be-found`);
    await search.press("Enter");
    await expect(page.getByText("No message matches your search in this folder.")).toBeVisible();
  });
});
