// The services list and a service's page: cards, the four tabs (by mouse and keyboard), related
// services cut at 100 characters, the booking links and the 404 for an unknown slug.
import { expect } from "@playwright/test";
import { toPlainText } from "~/platform/plain-text";
import { defaultContent } from "../../app/features/content/default-content";
import { truncate } from "../../app/platform/display-text";
import { toSlug } from "../../app/platform/slug";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";

const { services, general } = defaultContent;
const [service, ...others] = services.items;
if (!service) throw new Error("The default content has services");
const detailPath = `/services/${toSlug(service.title)}`;

test.describe("the services list", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the heading, description and a card per service with icon, text and Learn More", async ({
    page,
  }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(services.heading);
    await expect(page.getByText(services.description)).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(services.items.length);
    for (const item of services.items) {
      const card = cards.filter({ has: page.getByRole("heading", { name: item.title }) });
      await expect(card.locator("svg").first()).toBeVisible();
      await expect(card).toContainText(toPlainText(item.description));
      await expect(
        card.getByRole("link", { name: `Learn More about ${item.title}` }),
      ).toHaveAttribute("href", `/services/${toSlug(item.title)}`);
    }
    await expect(page).toHaveTitle(`${services.heading} | ${general.companyName}`);
  });

  test("closes with the Need Custom IT Solutions? block linking to the contact page", async ({
    page,
  }) => {
    await page.goto("/services");
    const block = page.getByRole("region", { name: "Need Custom IT Solutions?" });
    await expect(block).toBeVisible();
    await expect(block.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("a service's page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the title, icon, description, long description and the booking buttons", async ({
    page,
  }) => {
    await page.goto(detailPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.title);
    await expect(page.locator("main svg").first()).toBeVisible();
    await expect(page.getByText(toPlainText(service.description))).toBeVisible();
    await expect(page.getByText(service.longDescription)).toBeVisible();
    await expect(page).toHaveTitle(`${service.title} | ${general.companyName}`);

    const bookingLinks = page.getByRole("link", {
      name: /^Book a Consultation \(opens in a new tab\)$/,
    });
    await expect(bookingLinks).toHaveCount(2);
    for (const link of await bookingLinks.all()) {
      await expect(link).toHaveAttribute("href", "/booking/go");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(
      page
        .getByText(/enter your contact details manually in the "Add your details" section/)
        .first(),
    ).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "View All Services" }),
    ).toHaveAttribute("href", "/services");
  });

  test("opens on Overview with the six Key Benefits and four Why Choose points", async ({
    page,
  }) => {
    await page.goto(detailPath);
    const overview = page.getByRole("tab", { name: "Overview" });
    await expect(overview).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel", { name: "Overview" });
    await expect(panel.getByRole("heading", { name: "Key Benefits" })).toBeVisible();
    for (const benefit of service.benefits) await expect(panel.getByText(benefit)).toBeVisible();
    await expect(
      panel.getByRole("heading", { name: `Why Choose ${general.companyName}` }),
    ).toBeVisible();
    for (const point of services.whyChoose) {
      await expect(panel.getByRole("heading", { name: point.title })).toBeVisible();
    }
    await expect(page.getByText(service.capabilities[0] ?? "")).toBeHidden();
  });

  test("switches tabs by click: numbered approach steps, numbered capabilities, use case cards", async ({
    page,
  }) => {
    await page.goto(detailPath);
    await page.getByRole("tab", { name: "Our Approach" }).click();
    const approach = page.getByRole("tabpanel", { name: "Our Approach" });
    await expect(approach.locator("ol > li")).toHaveCount(4);
    for (const [index, step] of service.approach.entries()) {
      await expect(approach.locator("ol > li").nth(index)).toContainText(`${index + 1}`);
      await expect(approach.getByRole("heading", { name: step.title })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Key Benefits" })).toBeHidden();

    await page.getByRole("tab", { name: "Capabilities" }).click();
    const capabilities = page.getByRole("tabpanel", { name: "Capabilities" });
    const items = capabilities.locator("ol > li");
    await expect(items).toHaveCount(8);
    for (const [index, capability] of service.capabilities.entries()) {
      await expect(items.nth(index)).toHaveText(`${index + 1}${capability}`);
    }

    await page.getByRole("tab", { name: "Use Cases" }).click();
    const useCases = page.getByRole("tabpanel", { name: "Use Cases" });
    await expect(useCases.getByRole("listitem")).toHaveCount(4);
    for (const useCase of service.useCases) {
      await expect(useCases.getByRole("heading", { name: useCase.title })).toBeVisible();
      await expect(useCases.getByText(useCase.description)).toBeVisible();
    }
  });

  test("switches tabs with the keyboard", async ({ page }) => {
    await page.goto(detailPath);
    await page.getByRole("tab", { name: "Overview" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Our Approach" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Our Approach" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("tabpanel", { name: "Our Approach" })).toBeVisible();
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Use Cases" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Overview" })).toBeFocused();
  });

  test("lists three related services with descriptions cut at 100 characters plus ...", async ({
    page,
  }) => {
    await page.goto(detailPath);
    const related = page.getByRole("region", { name: "Related Services" });
    const cards = related.getByRole("listitem");
    await expect(cards).toHaveCount(3);
    for (const [index, other] of others.slice(0, 3).entries()) {
      const card = cards.nth(index);
      const plain = toPlainText(other.description);
      expect(plain.length).toBeGreaterThan(100);
      await expect(card.getByRole("heading", { name: other.title })).toBeVisible();
      await expect(card.locator("p")).toHaveText(truncate(plain, 100));
      await expect(card.locator("p")).toHaveText(/^.{100}\.\.\.$/);
      await expect(
        card.getByRole("link", { name: `Learn More about ${other.title}` }),
      ).toHaveAttribute("href", `/services/${toSlug(other.title)}`);
    }
    await expect(related.getByText(service.title, { exact: true })).toHaveCount(0);
  });

  test("a related service's page opens on Overview again", async ({ page }) => {
    await page.goto(detailPath);
    await page.getByRole("tab", { name: "Use Cases" }).click();
    const next = others[0]?.title ?? "";
    await page
      .getByRole("region", { name: "Related Services" })
      .getByRole("link", { name: `Learn More about ${next}` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(next);
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("the last service's related services wrap round to the first ones", async ({ page }) => {
    const last = services.items.at(-1);
    await page.goto(`/services/${toSlug(last?.title ?? "")}`);
    const related = page.getByRole("region", { name: "Related Services" });
    for (const other of services.items.slice(0, 3)) {
      await expect(related.getByRole("heading", { name: other.title })).toBeVisible();
    }
  });

  test("passes axe at desktop and mobile width, on every tab", async ({ page }) => {
    test.slow();
    await page.goto(detailPath);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("tab", { name: "Capabilities" }).click();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("tab", { name: "Use Cases" }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

test("an unknown service answers 404 with Service Not Found and a link to the services", async ({
  page,
}) => {
  const response = await page.goto("/services/no-such-service");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Service Not Found" })).toBeVisible();
  await expect(page.getByText("The service you're looking for could not be found.")).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "View All Services" }),
  ).toHaveAttribute("href", "/services");
  await expect(page).toHaveTitle(/^Service Not Found/);
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("main").getByRole("link", { name: "View All Services" }).click();
  await expect(page).toHaveURL("/services");
});

test("an old footer address is sent to the matching service", async ({ page }) => {
  const response = await page.goto("/services/it-strategy");
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/services\/it-strategy$/);
  await expect(page).toHaveURL(detailPath);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every tab's content is on the page, each under its own heading", async ({ page }) => {
    await page.goto(detailPath);
    await expect(page.getByRole("tablist")).toBeHidden();
    for (const name of ["Overview", "Our Approach", "Capabilities", "Use Cases"]) {
      await expect(page.getByRole("heading", { name, exact: true, level: 2 })).toBeVisible();
    }
    await expect(page.getByText(service.benefits[0] ?? "")).toBeVisible();
    await expect(page.getByRole("heading", { name: service.approach[0]?.title })).toBeVisible();
    await expect(page.getByText(service.capabilities[7] ?? "")).toBeVisible();
    await expect(page.getByRole("heading", { name: service.useCases[3]?.title })).toBeVisible();
  });
});
