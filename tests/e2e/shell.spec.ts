// The site shell on every public page: header, Services menu, mobile menu, footer, 404 page.
import { expect } from "@playwright/test";
import { toPlainText } from "~/platform/plain-text";
import { defaultContent } from "../../app/features/content/default-content";
import { toSlug } from "../../app/platform/slug";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const services = defaultContent.services.items;

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the main navigation and the booking button", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["About", "/about"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        href as string,
      );
    }
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Book a Consultation" }),
    ).toHaveAttribute("href", "/booking");
  });

  test("Services opens a menu of every service plus View All Services, by mouse and keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    const trigger = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Services" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await trigger.getAttribute("aria-controls")}`);
    for (const service of services) {
      await expect(menu.getByRole("link", { name: service.title })).toHaveAttribute(
        "href",
        `/services/${toSlug(service.title)}`,
      );
    }
    await expect(menu.getByRole("link", { name: "View All Services" })).toHaveAttribute(
      "href",
      "/services",
    );
    await page.mouse.move(640, 700);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link", { name: services[0]?.title })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link", { name: services[1]?.title })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("link", { name: "View All Services" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("changes style once the page scrolls past 10 px", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens a panel with the links, expandable services, booking and contact details; closes on navigation", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // The header's own booking button gives way to the menu toggle on small screens.
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Book a Consultation" }),
    ).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("navigation", { name: "Mobile" });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Book a Consultation" })).toHaveAttribute(
      "href",
      "/booking",
    );
    await expect(panel.getByRole("link", { name: defaultContent.contact.phone })).toHaveAttribute(
      "href",
      "tel:15125550147",
    );
    await expect(panel.getByRole("link", { name: defaultContent.contact.email })).toHaveAttribute(
      "href",
      `mailto:${defaultContent.contact.email}`,
    );
    await expect(panel.getByRole("link", { name: "LinkedIn" })).toHaveAttribute(
      "href",
      defaultContent.navigation.profiles[0]?.url ?? "",
    );
    await expect(panel.getByText("Admin Tools")).toHaveCount(0);

    const servicesToggle = panel.getByRole("button", { name: "Services" });
    await expect(servicesToggle).toHaveAttribute("aria-expanded", "false");
    await servicesToggle.click();
    await expect(servicesToggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: "View All Services" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(panel).toBeHidden();
  });

  test("shows Admin Tools to a signed-in admin", async ({ page, context }) => {
    await signInWithSessionCookie(context, baseURL);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("navigation", { name: "Mobile" });
    await expect(panel.getByRole("heading", { name: "Admin Tools" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Manage Images" })).toHaveAttribute(
      "href",
      "/images",
    );
    await expect(panel.getByRole("link", { name: "Content Manager" })).toHaveAttribute(
      "href",
      "/content",
    );
  });
});

test.describe("footer", () => {
  test("shows the company details, links, newsletter field and this year's copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(defaultContent.footer.description)).toBeVisible();
    await expect(footer.getByRole("link", { name: defaultContent.contact.email })).toHaveAttribute(
      "href",
      `mailto:${defaultContent.contact.email}`,
    );
    await expect(footer.getByRole("link", { name: defaultContent.contact.phone })).toHaveAttribute(
      "href",
      "tel:15125550147",
    );
    await expect(footer.getByText(defaultContent.contact.address)).toBeVisible();
    // The professional-profile link, once: the profile icon the phone menu lists too.
    const [linkedin] = defaultContent.navigation.profiles;
    await expect(footer.locator(`a[href="${linkedin?.url}"]`)).toHaveCount(1);
    await expect(footer.getByRole("link", { name: "LinkedIn" })).toHaveAttribute(
      "rel",
      "me noopener",
    );
    const quickLinks = footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link");
    await expect(quickLinks).toHaveCount(7);
    for (const href of [
      "/",
      "/services",
      "/about",
      "/case-studies",
      "/blog",
      "/contact",
      "/booking",
    ]) {
      await expect(
        footer.getByRole("navigation", { name: "Quick Links" }).locator(`a[href="${href}"]`),
      ).toHaveCount(1);
    }
    const serviceLinks = footer.getByRole("navigation", { name: "Services" });
    for (const service of services) {
      await expect(serviceLinks.getByRole("link", { name: service.title })).toHaveAttribute(
        "href",
        `/services/${toSlug(service.title)}`,
      );
    }
    await expect(serviceLinks.getByRole("link", { name: "View All Services" })).toHaveAttribute(
      "href",
      "/services",
    );
    for (const [name, href] of [
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
      ["Sitemap", "/sitemap"],
    ]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href as string);
    }
    await expect(footer.getByPlaceholder("Enter your email")).toHaveAttribute("type", "email");
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();
    const year = new Date().getFullYear();
    await expect(
      footer.getByText(`© ${year} ${defaultContent.general.companyName}. All rights reserved.`),
    ).toBeVisible();
    await expect(footer.getByText("2023")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header, footer and content arrive in the HTML", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      toPlainText(defaultContent.hero.heading1),
    );
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }),
    ).toHaveAttribute("href", "/services");
    await expect(
      page.getByRole("contentinfo").getByText(defaultContent.footer.description),
    ).toBeVisible();
  });
});

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
