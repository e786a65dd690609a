// Texts once fixed in code, edited as the owner would: a home badge, an About value and a business
// hours row in the content editor, a booking tile and a Featured Resources tab in the Content
// Manager; visitors see them at 375 and 1280 px and the pages pass axe. Puts the defaults back.
import { expect, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { getToast, openEditor, saveThroughApi } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { waitForHydration } from "./hydration";
import { test } from "./test";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.afterEach(async ({ context }) => {
  await signInWithSessionCookie(context, baseURL);
  const { hero, about, contact, booking, blog } = defaultContent;
  await saveThroughApi(context, { hero, about, contact, booking, blog });
});

async function saveAndConfirm(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Content Saved")).toContainText(
    "Your changes have been saved successfully.",
  );
  await expect(page.getByText("All changes are saved.")).toBeVisible();
}

const playbook = "/case-studies/precision-manufacturer-cloud-migration";

test("the owner edits a badge, a value, hours, a booking tile and a Featured tab; visitors see them", async ({
  page,
  context,
}) => {
  await openEditor(page, context);
  await page.getByRole("tab", { name: "Home" }).click();
  await page.getByText("More home page fields").click();
  const badge = page.getByRole("group", { name: "Badge 1", exact: true });
  await expect(badge.getByLabel("Figure")).toHaveValue("15+");
  await badge.getByLabel("Figure").fill("25+");
  await badge.getByLabel("Label", { exact: true }).fill("Years in Business");

  await page.getByRole("tab", { name: "About" }).click();
  await page.getByText("More about page fields").click();
  const value = page.getByRole("group", { name: "Value 1", exact: true });
  await expect(value.getByLabel("Title")).toHaveValue("Excellence");
  await value.getByLabel("Title").fill("Candour");
  await value.getByLabel("Description").fill("We tell you what we would do in your place.");

  await page.getByRole("tab", { name: "Contact" }).click();
  await page.getByText("More contact fields").click();
  await page
    .getByRole("group", { name: "Row 1", exact: true })
    .getByLabel("Hours")
    .fill("8:00 AM - 5:00 PM");
  await saveAndConfirm(page);

  await page.goto("/content");
  await page.getByRole("tab", { name: "Booking" }).click();
  const tile = page.getByRole("group", { name: "Tile 1", exact: true });
  await expect(tile.getByLabel("Title")).toHaveValue("30-Minute Session");
  await tile.getByLabel("Title").fill("Quick Intro Call");

  await page.getByRole("tab", { name: "Blog" }).click();
  const tab = page.getByRole("region", { name: "Tab 1", exact: true });
  await expect(tab.getByLabel("Tab Label")).toHaveValue("Guides & Tutorials");
  await tab.getByLabel("Tab Label").fill("Playbooks");
  const items = tab.getByLabel("Articles and Case Studies");
  // A page that is not an article or case study is refused with a message naming the rule.
  await items.fill("/services/cloud-infrastructure");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(items).toHaveAccessibleDescription(
    /Line 1: Use the address of an article \(\/blog\/\.\.\.\) or a case study/,
  );
  await items.fill(`${playbook}\n/blog/digital-transformation-where-to-start`);
  await expectNoSeriousA11yViolations(page);
  await saveAndConfirm(page);

  // axe once per page, on the narrow layout: the wide one shows the same markup.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const checkA11y = () => (width === 375 ? expectNoSeriousA11yViolations(page) : undefined);

    await page.goto("/");
    await expect(page.getByText("25+ Years in Business")).toBeVisible();
    await expect(page.getByText("15+ Years Experience")).toHaveCount(0);
    await checkA11y();

    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Candour", level: 3 })).toBeVisible();
    await expect(page.getByText("We tell you what we would do in your place.")).toBeVisible();
    await checkA11y();

    await page.goto("/booking");
    await expect(page.getByRole("heading", { name: "Quick Intro Call", level: 3 })).toBeVisible();
    await checkA11y();

    await page.goto("/contact");
    await expect(page.getByText("8:00 AM - 5:00 PM")).toBeVisible();
    await checkA11y();

    await page.goto("/blog");
    await waitForHydration(page);
    const featured = page.getByRole("region", { name: "Featured Resources" });
    const playbooks = featured.getByRole("tab", { name: "Playbooks" });
    await expect(playbooks).toHaveAttribute("aria-selected", "true");
    const panel = featured.getByRole("tabpanel");
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole("heading", { level: 4 })).toHaveText([
      "Moving a Precision Manufacturer to the Cloud",
      "Digital Transformation Without the Buzzwords: Where to Start",
    ]);
    await expect(featured.getByRole("tab", { name: "Guides & Tutorials" })).toHaveCount(0);
    await checkA11y();
  }
  await page
    .getByRole("region", { name: "Featured Resources" })
    .getByRole("link", { name: /Moving a Precision Manufacturer/ })
    .click();
  await expect(page).toHaveURL(playbook);
});
