// Saving in the content manager (/content): edits reach the public site at once, and a save over
// content changed elsewhere gets the 409 notice. Puts the default sections back after each test.
import { type BrowserContext, expect } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { getToast, saveThroughApi } from "./admin-helpers";
import { baseURL, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function restoreManagerSections(context: BrowserContext) {
  await signInWithSessionCookie(context, baseURL);
  const { cta, footer, booking, blog, caseStudies, legal, extraBlocks } = defaultContent;
  await saveThroughApi(context, { cta, footer, booking, blog, caseStudies, legal, extraBlocks });
}

test.afterEach(async ({ context }) => {
  await restoreManagerSections(context);
});

test("the footer description and booking heading are saved and shown on the public site", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "Footer" }).click();
  await page
    .getByLabel("Footer Description")
    .fill("Trusted IT partner to accountants and clinics since 2009.");
  await page.getByRole("tab", { name: "Booking" }).click();
  await page.getByLabel("Booking Heading").fill("Plan Your First Meeting");
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Content Saved")).toContainText(
    "Your changes have been saved successfully.",
  );
  await expect(page.getByText("All changes are saved.")).toBeVisible();

  await page.goto("/booking");
  await expect(
    page.getByRole("heading", { name: "Plan Your First Meeting", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(
    "Trusted IT partner to accountants and clinics since 2009.",
  );
});

test("a save over content changed elsewhere is refused with the conflict notice", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await saveThroughApi(context, {
    blog: { ...defaultContent.blog, heading: "Insights From Another Tab" },
  });
  await page.getByRole("tab", { name: "Blog" }).click();
  await page.getByLabel("Blog Heading").fill("Insights From This Tab");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Save Failed")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "The content was changed" }),
  ).toBeVisible();
  await expect(page.getByLabel("Blog Heading")).toHaveValue("Insights From This Tab");

  await page.getByRole("button", { name: "Save my version anyway" }).click();
  await expect(getToast(page, "Content Saved")).toBeVisible();
  const stored = await (await context.request.get(`${baseURL}/api/content`)).json();
  expect(stored.blog.heading).toBe("Insights From This Tab");
});

test("an FAQ added to the About page's extra blocks shows after its own sections", async ({
  page,
  context,
}, testInfo) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "Extra Blocks" }).click();
  const about = page.getByRole("region", { name: "About page" });
  await about.getByLabel("Block to add to About page").selectOption({ label: "FAQ" });
  await about.getByRole("button", { name: "Add block to About page" }).click();
  await about.getByLabel("Heading", { exact: true }).fill("Questions Before You Call");
  await about.getByRole("button", { name: "Add Question" }).click();
  await about.getByLabel("Question", { exact: true }).fill("Do you support Macs?");
  await about.getByLabel("Answer", { exact: true }).fill("Yes, Macs and PCs alike.");
  await page.screenshot({ path: testInfo.outputPath("extra-blocks-tab-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Content Saved")).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/about");
    const faq = page.getByRole("region", { name: "Questions Before You Call" });
    await expect(faq).toBeVisible();
    await faq.getByText("Do you support Macs?").click();
    await expect(faq.getByText("Yes, Macs and PCs alike.")).toBeVisible();
    // After the page's own sections, before its closing call to action.
    const approach = await page.locator("#about-approach").boundingBox();
    const faqBox = await faq.boundingBox();
    const closing = await page.locator("#about-cta").boundingBox();
    expect(faqBox?.y ?? 0).toBeGreaterThan(approach?.y ?? Number.POSITIVE_INFINITY);
    expect(closing?.y ?? 0).toBeGreaterThan(faqBox?.y ?? Number.POSITIVE_INFINITY);
    await page.screenshot({
      path: testInfo.outputPath(`about-extra-${width}.png`),
      fullPage: true,
    });
  }
});
