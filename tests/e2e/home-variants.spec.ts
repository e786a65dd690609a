// The alternative home layouts /option1, /option2 and /option3: each shows the hero, an about
// block, the first four or first three services and a call to action, in a layout of its own; only
// the home page itself is offered to search engines.
import { expect, type Page } from "@playwright/test";
import { toPlainText } from "~/platform/plain-text";
import { defaultContent } from "../../app/features/content/default-content";
import { toSlug } from "../../app/platform/slug";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";

const { hero, about, services, cta } = defaultContent;
const mainBadges = ["15+ Years Experience", "100+ Projects Completed", "24/7 Support"];
const otherBadges = ["10+ Years Experience", "50+ Projects Completed", "100% Client Satisfaction"];

async function expectHero(page: Page) {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(toPlainText(hero.heading1));
  await expect(heading).toContainText(toPlainText(hero.heading2));
  await expect(page.getByText(hero.description)).toBeVisible();
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: hero.primaryButtonText }).first()).toHaveAttribute(
    "href",
    "/booking",
  );
  await expect(main.getByRole("link", { name: hero.secondaryButtonText })).toHaveAttribute(
    "href",
    "/services",
  );
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
}

/** The services section lists exactly the first `count` services, each linking to its page. */
async function expectFirstServices(page: Page, count: number) {
  const section = page.getByRole("region", { name: services.heading });
  for (const service of services.items.slice(0, count)) {
    await expect(section.getByRole("heading", { name: service.title })).toBeVisible();
    await expect(
      section.getByRole("link", { name: `Learn More about ${service.title}` }),
    ).toHaveAttribute("href", `/services/${toSlug(service.title)}`);
  }
  await expect(section.getByRole("link", { name: /^Learn More about/ })).toHaveCount(count);
  await expect(
    section.getByRole("heading", { name: services.items[count]?.title ?? "" }),
  ).toHaveCount(0);
}

test.describe("alternative home layouts", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("/option1: dark hero, the 10+ / 50+ / 100% figures, first three services with benefits", async ({
    page,
  }) => {
    await page.goto("/option1");
    await expectHero(page);
    for (const badge of otherBadges) await expect(page.getByText(badge)).toBeVisible();
    for (const badge of mainBadges) await expect(page.getByText(badge)).toHaveCount(0);
    await expectFirstServices(page, 3);
    const firstBenefit = services.items[0]?.benefits[0] ?? "";
    await expect(page.getByText(firstBenefit)).toBeVisible();
    await expect(page.getByRole("heading", { name: about.title })).toBeVisible();
    await expect(
      page.getByRole("region", { name: cta.heading }).getByRole("link", { name: "Contact Us" }),
    ).toHaveAttribute("href", "/contact");
  });

  test("/option2: centred hero, first four services as numbered rows, how we work, direct contact", async ({
    page,
  }) => {
    await page.goto("/option2");
    await expectHero(page);
    await expectFirstServices(page, 4);
    const steps = page.getByRole("region", { name: "How We Work" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    for (const step of about.approach) {
      await expect(page.getByRole("heading", { name: step.title })).toBeVisible();
    }
    const closing = page.getByRole("region", { name: cta.heading });
    await expect(closing.getByRole("link", { name: cta.buttonText })).toHaveAttribute(
      "href",
      "/booking",
    );
    await expect(closing.getByRole("link", { name: defaultContent.contact.phone })).toHaveAttribute(
      "href",
      "tel:15125550147",
    );
    await expect(closing.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    for (const badge of [...mainBadges, ...otherBadges]) {
      await expect(page.getByText(badge)).toHaveCount(0);
    }
  });

  test("/option3: editorial hero beside the Why Choose points, core values, first three services", async ({
    page,
  }) => {
    await page.goto("/option3");
    await expectHero(page);
    for (const point of services.whyChoose) {
      await expect(page.getByRole("heading", { name: point.title })).toBeVisible();
    }
    for (const value of about.values) {
      await expect(page.getByRole("heading", { name: value.title })).toBeVisible();
    }
    await expectFirstServices(page, 3);
    await expect(
      page.getByRole("region", { name: cta.heading }).getByRole("link", { name: "Contact Us" }),
    ).toHaveAttribute("href", "/contact");
  });

  test("search engines are pointed at the home page: the other layouts say noindex, canonical /", async ({
    page,
  }) => {
    const titles = new Set<string>();
    for (const path of ["/", "/option1", "/option2", "/option3"]) {
      await page.goto(path);
      titles.add(await page.title());
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
        "href",
        /^https?:\/\/[^/]+\/$/,
      );
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(path === "/" ? 0 : 1);
      if (path !== "/") {
        await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute(
          "content",
          "noindex",
        );
      }
    }
    expect(titles.size).toBe(4);
  });

  for (const path of ["/option1", "/option2", "/option3"]) {
    test(`${path} passes axe at desktop and mobile width`, async ({ page }) => {
      test.slow();
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoSeriousA11yViolations(page);
    });
  }
});
