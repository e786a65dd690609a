// The public pages' once-fixed texts, edited as the owner would: the booking note and the
// newsletter button in the Content Manager reach the service pages and every page's footer.
// Puts the default sections back after each test.
import { expect, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { getRichText, getToast, saveThroughApi } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.afterEach(async ({ context }) => {
  await signInWithSessionCookie(context, baseURL);
  const { booking, forms, footer, blog, notFound } = defaultContent;
  await saveThroughApi(context, { booking, forms, footer, blog, notFound });
});

async function saveAndConfirm(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Content Saved")).toContainText(
    "Your changes have been saved successfully.",
  );
  await expect(page.getByText("All changes are saved.")).toBeVisible();
}

test("the owner rewrites the booking note and the newsletter button; visitors see the new words", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "Booking" }).click();
  const note = getRichText(page, "Booking Calendar Note");
  await expect(note).toContainText('"Add your details"');
  await note.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Our calendar asks for your name and email under ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Your details");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" before you pick a time.");

  await page.getByRole("tab", { name: "Forms" }).click();
  await page.getByLabel("Newsletter: Button Text", { exact: true }).fill("Keep Me Posted");
  await saveAndConfirm(page);

  await page.goto("/services/cloud-infrastructure");
  const newNote =
    "Our calendar asks for your name and email under Your details before you pick a time.";
  const main = page.getByRole("main");
  // Under the page's Book a Consultation button and in its closing call to action.
  await expect(main.getByText(newNote)).toHaveCount(2);
  await expect(main.getByText("Your details", { exact: true }).first()).toHaveCSS(
    "font-weight",
    "600",
  );
  await expect(main).not.toContainText("Add your details");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("button", { name: "Keep Me Posted" })).toBeVisible();

  await page.goto("/booking");
  await expect(page.getByRole("main").getByText(newNote)).toBeVisible();
});

test("the Forms and Page Not Found tabs label every field and pass axe", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "Forms" }).click();
  await expect(page.getByLabel("Contact Form: Name Label")).toHaveValue("Name");
  await expect(page.getByLabel("Newsletter: Email Placeholder")).toHaveValue("Enter your email");
  await expect(getRichText(page, "Contact Form: Privacy Note")).toContainText(
    "We use your details only to reply to you.",
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Page Not Found" }).click();
  await page.getByLabel("Not Found Heading").fill("This Page Has Moved On");
  await saveAndConfirm(page);
  const response = await page.goto("/a-page-that-never-was");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "This Page Has Moved On", level: 1 }),
  ).toBeVisible();
});
