// The about page: heading, description, features, Our Story, the four core values, the four
// approach steps, and the ways on to the contact and booking pages.
import { expect } from "@playwright/test";
import { toPlainText } from "~/platform/plain-text";
import { defaultContent } from "../../app/features/content/default-content";
import { test } from "./test";

const { about, general } = defaultContent;

test.describe("the about page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the heading, description, introduction and features", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(about.heading);
    await expect(page.getByText(about.description)).toBeVisible();
    await expect(page.getByRole("heading", { name: about.title })).toBeVisible();
    for (const feature of about.features) {
      await expect(page.getByRole("heading", { name: feature.title })).toBeVisible();
      await expect(page.getByText(feature.description)).toBeVisible();
    }
    await expect(page).toHaveTitle(`About Us | ${general.companyName}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      about.description,
    );
  });

  test("tells Our Story", async ({ page }) => {
    await page.goto("/about");
    const story = page.getByRole("region", { name: "Our Story" });
    await expect(story).toBeVisible();
    const firstParagraph = toPlainText(about.story.split("</p>")[0] ?? "");
    await expect(story.getByText(firstParagraph)).toBeVisible();
  });

  test("lists the four core values and the four approach steps in order", async ({ page }) => {
    await page.goto("/about");
    const values = page.getByRole("region", { name: "Our Core Values" });
    await expect(values.getByRole("heading", { level: 3 })).toHaveText([
      "Excellence",
      "Client-Focused",
      "Innovation",
      "Reliability",
    ]);
    const approach = page.getByRole("region", { name: "Our Approach" });
    await expect(approach.getByRole("heading", { level: 3 })).toHaveText([
      "Step 1: Assessment",
      "Step 2: Collaboration",
      "Step 3: Implementation",
      "Step 4: Optimization",
    ]);
    await expect(approach.locator("ol > li")).toHaveCount(4);
  });

  test("leads on to the contact and booking pages", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(main.getByRole("link", { name: defaultContent.cta.buttonText })).toHaveAttribute(
      "href",
      "/booking",
    );
  });
});
