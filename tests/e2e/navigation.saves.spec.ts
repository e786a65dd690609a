// The Navigation screen as the owner uses it, at 1280 and 375 px, with built pages and services
// only (no article among the targets): Case Studies and a built Careers page added to the header,
// a link under About, the Careers page under Services (found in the link picker before a word is
// typed) and in the footer's quick links, a Mastodon profile beside the LinkedIn one. The public
// header (by keyboard), phone menu and footer show them, the footer and phone menu the same
// profiles once each; unpublishing the page takes it out of every menu and flags each entry on
// the screen. axe finds nothing serious.
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { defaultNavigation } from "../../app/features/content/navigation";
import { getToast, saveThroughApi } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const slug = `join-us-${Date.now().toString(36)}`;
const pageTitle = `Careers ${slug.slice(-6)}`;
const linkedin = defaultNavigation.profiles[0]?.url ?? "";
const servicesTitles = defaultContent.services.items.map((service) => service.title);

async function sendPage(context: BrowserContext, status: "published" | "draft") {
  const data = {
    slug,
    status,
    publishAt: "",
    title: pageTitle,
    blocks: [{ type: "hero", id: "hero1", heading: "Build calm IT with us" }],
    seoDescription: "",
  };
  const response =
    status === "published"
      ? await context.request.post(`${baseURL}/api/admin/pages`, {
          headers: { origin: baseURL },
          data,
        })
      : await context.request.put(`${baseURL}/api/admin/pages/${slug}`, {
          headers: { origin: baseURL },
          data,
        });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The header items' fields on the screen. */
function headerItems(page: Page) {
  return page
    .getByRole("region", { name: "Header menu" })
    .locator("ol")
    .first()
    .locator(":scope > li");
}

async function choosePage(scope: Locator, query: string, title: string) {
  await scope.getByRole("searchbox", { name: "Find a page of this site" }).last().fill(query);
  await scope
    .getByRole("list", { name: "Pages of this site" })
    .last()
    .getByRole("button", { name: new RegExp(`^${title}`) })
    .first()
    .click();
}

test.describe("Navigation", () => {
  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext();
    await signInWithSessionCookie(context, baseURL);
    await saveThroughApi(context, { navigation: defaultNavigation });
    await context.close();
  });

  test("built pages and services reach the header, the Services menu, the phone menu and the footer; a hidden page drops out and is flagged", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    // One flow through two screens at two widths, with five axe runs: on a busy machine, minutes.
    test.setTimeout(180_000);
    await signInWithSessionCookie(context, baseURL);
    await sendPage(context, "published");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/navigation");
    await expect(page.getByRole("heading", { name: "Navigation", level: 1 })).toBeVisible();

    // Case Studies, then the built page, as new header items.
    await page.getByRole("button", { name: "Add a menu item" }).click();
    let item = headerItems(page).last();
    await item.getByRole("textbox", { name: "Menu text" }).fill("Case Studies");
    await choosePage(item, "case studies", "Case Studies");
    await expect(item.getByText("/case-studies", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add a menu item" }).click();
    item = headerItems(page).last();
    await item.getByRole("textbox", { name: "Menu text" }).fill("Join Us");
    await choosePage(item, pageTitle, pageTitle);

    // The built page moves up one place from the keyboard; focus follows it.
    await page.getByRole("button", { name: "Move Join Us up" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move Join Us up" })).toBeFocused();
    await expect(headerItems(page).last().getByRole("textbox", { name: "Menu text" })).toHaveValue(
      "Case Studies",
    );

    // A link under About.
    await page.getByRole("button", { name: "Add a link under About" }).click();
    const about = headerItems(page).filter({
      has: page.getByRole("button", { name: "Add a link under About" }),
    });
    await about.getByRole("textbox", { name: "Link text" }).fill("Privacy at a Glance");
    await choosePage(about, "privacy", "Privacy Policy");

    // Under Services: the picker lists the built page before a word is typed.
    await page.getByRole("button", { name: "Add a link under Services" }).click();
    const services = headerItems(page).filter({
      has: page.getByRole("button", { name: "Add a link under Services" }),
    });
    await services.getByRole("textbox", { name: "Link text" }).fill("Open Roles");
    const picker = services.getByRole("list", { name: "Pages of this site" });
    await expect(services.getByText(/^20 of \d+ pages shown/)).toBeVisible();
    await picker.getByRole("button", { name: new RegExp(`^${pageTitle}`) }).click();
    await expect(services.getByText(`/${slug}`, { exact: true })).toBeVisible();

    // In the footer's quick links too, and a Mastodon profile beside LinkedIn.
    await page.getByRole("button", { name: "Add a quick link" }).click();
    const quick = page
      .getByRole("region", { name: "Footer quick links" })
      .locator("ol > li")
      .last();
    await quick.getByRole("textbox", { name: "Link text" }).fill("Work With Us");
    await choosePage(quick, pageTitle, pageTitle);
    await page.getByRole("button", { name: "Add a profile" }).click();
    await page
      .getByRole("textbox", { name: "Profile address" })
      .last()
      .fill("https://mastodon.social/@clearline");
    await expect(page.getByRole("combobox", { name: "Icon" }).last()).toHaveValue("mastodon");
    await services.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("navigation-editor-1280.png") });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(getToast(page, "Content Saved")).toBeVisible();

    // Desktop: the header, by keyboard, and the footer.
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await site.setViewportSize({ width: 1280, height: 900 });
    await site.goto(`${baseURL}/`);
    const main = site.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Case Studies" })).toHaveAttribute(
      "href",
      "/case-studies",
    );
    await expect(main.getByRole("link", { name: "Join Us" })).toHaveAttribute("href", `/${slug}`);
    await main.getByRole("button", { name: "About" }).focus();
    await site.keyboard.press("ArrowDown");
    await expect(main.getByRole("link", { name: "Privacy at a Glance" })).toBeFocused();
    await site.keyboard.press("Escape");
    // The Services menu: every service, the owner's link, then View All Services.
    await main.getByRole("button", { name: "Services" }).focus();
    await site.keyboard.press("ArrowDown");
    await expect(main.getByRole("link", { name: servicesTitles[0] })).toBeFocused();
    await site.keyboard.press("End");
    await expect(main.getByRole("link", { name: "View All Services" })).toBeFocused();
    await site.keyboard.press("ArrowUp");
    const openRoles = main.getByRole("link", { name: "Open Roles" });
    await expect(openRoles).toBeFocused();
    await expect(openRoles).toHaveAttribute("href", `/${slug}`);
    await site.screenshot({ path: testInfo.outputPath("services-menu-1280.png") });
    await expectNoSeriousA11yViolations(site);
    await site.keyboard.press("Escape");

    const footer = site.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Work With Us" })).toHaveAttribute(
      "href",
      `/${slug}`,
    );
    const mastodon = footer.getByRole("link", { name: "Mastodon" });
    await expect(mastodon).toHaveAttribute("href", "https://mastodon.social/@clearline");
    await expect(mastodon).toHaveAttribute("rel", "me noopener");
    await expect(footer.locator(`a[href="${linkedin}"]`)).toHaveCount(1);

    // Phone: the menu panel follows the header, with the footer's profiles.
    await site.setViewportSize({ width: 375, height: 800 });
    await site.getByRole("button", { name: "Open menu" }).click();
    const panel = site.getByRole("navigation", { name: "Mobile" });
    await expect(panel.getByRole("link", { name: "Case Studies" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Join Us" })).toBeVisible();
    await panel.getByRole("button", { name: "About" }).click();
    await expect(panel.getByRole("link", { name: "Privacy at a Glance" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await panel.getByRole("button", { name: "Services" }).click();
    await expect(panel.getByRole("link", { name: "Open Roles" })).toHaveAttribute(
      "href",
      `/${slug}`,
    );
    await expect(panel.locator(`a[href="${linkedin}"]`)).toHaveCount(1);
    await expect(panel.getByRole("link", { name: "Mastodon" })).toHaveAttribute(
      "href",
      "https://mastodon.social/@clearline",
    );
    await panel.getByRole("link", { name: "Mastodon" }).scrollIntoViewIfNeeded();
    await site.screenshot({ path: testInfo.outputPath("phone-menu-375.png") });
    await expectNoSeriousA11yViolations(site);

    // Unpublished: out of every menu, and flagged on the screen.
    await sendPage(context, "draft");
    await site.reload();
    await site.getByRole("button", { name: "Open menu" }).click();
    await expect(panel.getByRole("link", { name: "Case Studies" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Join Us" })).toHaveCount(0);
    await panel.getByRole("button", { name: "Services" }).click();
    await expect(panel.getByRole("link", { name: "View All Services" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Open Roles" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Work With Us" })).toHaveCount(0);
    await site.setViewportSize({ width: 1280, height: 900 });
    await expect(main.getByRole("link", { name: "Join Us" })).toHaveCount(0);
    await visitor.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/navigation");
    const flags = page.getByText(/Not shown: the page it names/);
    await expect(flags).toHaveCount(3);
    await flags.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("navigation-editor-375.png") });
    await expectNoSeriousA11yViolations(page);
  });
});
