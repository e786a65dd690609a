// The Navigation screen as the owner uses it, at 1280 and 375 px: Case Studies and an article
// (standing in for an owner's page) added to the header, a link under About, a Mastodon profile
// in the footer; the public header, phone menu and footer show them; unpublishing the article
// takes it out of the menus and flags its entry on the screen. axe finds nothing serious.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { defaultNavigation } from "../../app/features/content/navigation";
import { getToast, saveThroughApi } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const slug = `navigation-story-${Date.now()}`;
const articleTitle = `Menu Story ${slug.slice(-6)}`;

function articleBody(status: "published" | "draft") {
  return {
    slug,
    status,
    publishAt: "",
    title: articleTitle,
    excerpt: "An article the header menu links to, standing in for a page of the owner's own.",
    category: "News",
    authorName: "Ana Lopez",
    readTime: "",
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body: "<p>The story.</p>",
  };
}

async function sendArticle(context: BrowserContext, status: "published" | "draft") {
  const response =
    status === "published"
      ? await context.request.post(`${baseURL}/api/admin/articles`, {
          headers: { origin: baseURL },
          data: articleBody(status),
        })
      : await context.request.put(`${baseURL}/api/admin/articles/${slug}`, {
          headers: { origin: baseURL },
          data: articleBody(status),
        });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The last header item's fields on the screen. */
function lastHeaderItem(page: Page) {
  return page
    .getByRole("region", { name: "Header menu" })
    .locator("ol")
    .first()
    .locator(":scope > li")
    .last();
}

async function choosePage(scope: ReturnType<typeof lastHeaderItem>, query: string, title: string) {
  await scope.getByRole("searchbox", { name: "Find a page of this site" }).last().fill(query);
  await scope
    .getByRole("list", { name: "Pages of this site" })
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

  test("the owner's menus reach the header, the phone menu and the footer; a hidden page drops out and is flagged", async ({
    page,
    context,
    browser,
  }) => {
    // One flow through two screens at two widths, with four axe runs: on a busy machine, minutes.
    test.setTimeout(150_000);
    await signInWithSessionCookie(context, baseURL);
    await sendArticle(context, "published");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/navigation");
    await expect(page.getByRole("heading", { name: "Navigation", level: 1 })).toBeVisible();

    // Case Studies, then the article, as new header items.
    await page.getByRole("button", { name: "Add a menu item" }).click();
    let item = lastHeaderItem(page);
    await item.getByRole("textbox", { name: "Menu text" }).fill("Case Studies");
    await choosePage(item, "case studies", "Case Studies");
    await expect(item.getByText("/case-studies", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add a menu item" }).click();
    item = lastHeaderItem(page);
    await item.getByRole("textbox", { name: "Menu text" }).fill("Our Story");
    await choosePage(item, articleTitle, articleTitle);

    // The article moves up one place from the keyboard; focus follows it.
    const moveUp = page.getByRole("button", { name: "Move Our Story up" });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move Our Story up" })).toBeFocused();
    await expect(lastHeaderItem(page).getByRole("textbox", { name: "Menu text" })).toHaveValue(
      "Case Studies",
    );

    // A link under About.
    await page.getByRole("button", { name: "Add a link under About" }).click();
    const about = page
      .getByRole("region", { name: "Header menu" })
      .locator("ol")
      .first()
      .locator(":scope > li")
      .filter({ has: page.getByRole("button", { name: "Add a link under About" }) });
    await about.getByRole("textbox", { name: "Link text" }).fill("Privacy at a Glance");
    await choosePage(about, "privacy", "Privacy Policy");

    // A Mastodon profile in the footer: the icon follows the address.
    await page.getByRole("button", { name: "Add a profile" }).click();
    await page
      .getByRole("textbox", { name: "Profile address" })
      .fill("https://mastodon.social/@clearline");
    await expect(page.getByRole("combobox", { name: "Icon" })).toHaveValue("mastodon");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(getToast(page, "Content Saved")).toBeVisible();

    // Desktop: the header and the footer.
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await site.setViewportSize({ width: 1280, height: 900 });
    await site.goto(`${baseURL}/`);
    const main = site.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Case Studies" })).toHaveAttribute(
      "href",
      "/case-studies",
    );
    await expect(main.getByRole("link", { name: "Our Story" })).toHaveAttribute(
      "href",
      `/blog/${slug}`,
    );
    const aboutMenu = main.getByRole("button", { name: "About" });
    await aboutMenu.focus();
    await site.keyboard.press("ArrowDown");
    await expect(main.getByRole("link", { name: "Privacy at a Glance" })).toBeFocused();
    await expect(main.getByRole("link", { name: "About", exact: true })).toHaveAttribute(
      "href",
      "/about",
    );
    const mastodon = site.getByRole("contentinfo").getByRole("link", { name: "Mastodon" });
    await expect(mastodon).toHaveAttribute("href", "https://mastodon.social/@clearline");
    await expect(mastodon).toHaveAttribute("rel", "me noopener");
    await expectNoSeriousA11yViolations(site);

    // Phone: the menu panel follows the header.
    await site.setViewportSize({ width: 375, height: 800 });
    await site.getByRole("button", { name: "Open menu" }).click();
    const panel = site.getByRole("navigation", { name: "Mobile" });
    await expect(panel.getByRole("link", { name: "Case Studies" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Our Story" })).toBeVisible();
    await panel.getByRole("button", { name: "About" }).click();
    await expect(panel.getByRole("link", { name: "Privacy at a Glance" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expectNoSeriousA11yViolations(site);

    // Unpublished: out of every menu, and flagged on the screen.
    await sendArticle(context, "draft");
    await site.reload();
    await site.getByRole("button", { name: "Open menu" }).click();
    await expect(panel.getByRole("link", { name: "Case Studies" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Our Story" })).toHaveCount(0);
    await site.setViewportSize({ width: 1280, height: 900 });
    await expect(main.getByRole("link", { name: "Our Story" })).toHaveCount(0);
    await visitor.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/navigation");
    const flag = page.getByText(/Not shown: the page it names/);
    await expect(flag).toHaveCount(1);
    await flag.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
  });
});
