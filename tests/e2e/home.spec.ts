// Home, the main layout: hero, trust badges, about block, the first four services, the call to
// action, and the spec's error screen when the content cannot be read (on a site of its own).
import { DatabaseSync } from "node:sqlite";
import { expect } from "@playwright/test";
import { toPlainText } from "~/platform/plain-text";
import { defaultContent } from "../../app/features/content/default-content";
import { fitDescription } from "../../app/platform/seo/description";
import { toSlug } from "../../app/platform/slug";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";

const { hero, about, services, cta } = defaultContent;

test.describe("the main home page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the hero with its rich-text heading, description, buttons and trust badges", async ({
    page,
  }) => {
    await page.goto("/");
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
    for (const badge of ["15+ Years Experience", "100+ Projects Completed", "24/7 Support"]) {
      await expect(main.getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(main.getByText("10+ Years Experience")).toHaveCount(0);
  });

  test("shows the about block, the first four services and a call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: about.title })).toBeVisible();
    for (const feature of about.features) {
      await expect(page.getByRole("heading", { name: feature.title })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "More About Us" })).toHaveAttribute(
      "href",
      "/about",
    );

    const section = page.getByRole("region", { name: services.heading });
    await expect(section.getByRole("article")).toHaveCount(4);
    for (const service of services.items.slice(0, 4)) {
      const card = section.getByRole("article").filter({ hasText: service.title });
      await expect(card.getByRole("heading", { name: service.title })).toBeVisible();
      await expect(card).toContainText(toPlainText(service.description));
      await expect(
        card.getByRole("link", { name: `Learn More about ${service.title}` }),
      ).toHaveAttribute("href", `/services/${toSlug(service.title)}`);
    }
    await expect(section.getByText(services.items[4]?.title ?? "")).toHaveCount(0);
    await expect(section.getByRole("link", { name: "View All Services" })).toHaveAttribute(
      "href",
      "/services",
    );

    const callToAction = page.getByRole("region", { name: cta.heading });
    await expect(callToAction.getByText(cta.description)).toBeVisible();
    await expect(callToAction.getByRole("link", { name: cta.buttonText })).toHaveAttribute(
      "href",
      "/booking",
    );
    await expect(callToAction.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  test("has its own title and description", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(
      `${defaultContent.general.tagline} | ${defaultContent.general.companyName}`,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      fitDescription(hero.description),
    );
  });

  test("a Learn More link opens the service's page", async ({ page }) => {
    await page.goto("/");
    const first = services.items[0];
    await page
      .getByRole("region", { name: services.heading })
      .getByRole("link", { name: `Learn More about ${first?.title}` })
      .click();
    await expect(page).toHaveURL(`/services/${toSlug(first?.title ?? "")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first?.title ?? "");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole home page arrives in the HTML", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("100+ Projects Completed")).toBeVisible();
    await expect(page.getByRole("heading", { name: about.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: cta.heading })).toBeVisible();
  });
});

test.describe("when the content cannot be read", () => {
  // A site of its own, so hiding its content table cannot disturb the specs sharing the e2e server.
  let site: TestSite;
  let databasePath: string;

  test.beforeAll(async () => {
    const sqlite = getTestDatabaseKinds().find((kind) => kind.name === "sqlite");
    if (!sqlite) throw new Error("SQLite test databases are always available");
    const database = await sqlite.create();
    databasePath = database.url.slice("file:".length);
    site = await startTestSite(database);
  });

  test.afterAll(async () => {
    await site?.close();
  });

  function renameContentTable(from: string, to: string) {
    const db = new DatabaseSync(databasePath);
    try {
      db.exec(`alter table ${from} rename to ${to}`);
    } finally {
      db.close();
    }
  }

  test("shows the error screen with status 503, and Reload Page brings the content back", async ({
    page,
  }) => {
    test.slow();
    renameContentTable("content_revisions", "content_revisions_away");
    let restored = false;
    try {
      const response = await page.goto(`${site.url}/`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole("heading", { name: "Error Loading Content" })).toBeVisible();
      await expect(
        page.getByText(
          "We're having trouble loading the website content. Please try refreshing the page.",
        ),
      ).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toContainText(
        toPlainText(hero.heading1),
      );
      await expect(page.getByRole("banner")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      renameContentTable("content_revisions_away", "content_revisions");
      restored = true;
      const reload = page.waitForEvent("load");
      await page.getByRole("link", { name: "Reload Page" }).click();
      await reload;
      await expect(page).toHaveURL(`${site.url}/`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(
        toPlainText(hero.heading1),
      );
    } finally {
      if (!restored) renameContentTable("content_revisions_away", "content_revisions");
    }
  });
});
