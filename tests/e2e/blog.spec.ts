// /blog: the spec's header, search and category filters (in the URL, with and without
// JavaScript), the grid and its cards, Load More Articles, the empty state, Featured Resources,
// the newsletter block and the placeholder image.
import { expect, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { anyImageAddress, expectNoSeriousA11yViolations, hashedImage } from "./fixtures";
import { waitForHydration } from "./hydration";
import { makeExtraArticles, startSiteWithArticles, type TestSite } from "./isolated-site";
import { test } from "./test";

/** Newest first, as the blog lists them. */
const articles = [...defaultArticles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
const titles = articles.map((article) => article.title);
const [newest] = articles;

function cards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

function cardTitles(page: Page) {
  return cards(page).getByRole("heading", { level: 3 });
}

test.describe("the blog listing", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the header, the search box, the category badges and every article", async ({
    page,
  }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("IT Insights & Resources | Clearline IT Consulting");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("IT Insights & Resources");
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveAttribute(
      "placeholder",
      "Search articles...",
    );
    const badges = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
    await expect(badges).toHaveText([
      "All",
      "Artificial Intelligence",
      "Cybersecurity",
      "Digital Transformation",
    ]);
    await expect(badges.first()).toHaveAttribute("aria-current", "true");
    await expect(cardTitles(page)).toHaveText(titles);
    await expect(page.getByText("Showing 3 of 3 articles")).toBeVisible();
    // Three articles fit one page: no Load More.
    await expect(page.getByRole("link", { name: "Load More Articles" })).toHaveCount(0);
  });

  test("shows each card's image, category, date, read time, title, cut excerpt, author and Read More", async ({
    page,
  }) => {
    await page.goto("/blog");
    for (const [index, article] of articles.entries()) {
      const card = cards(page).nth(index);
      const image = card.getByRole("img", { name: article.imageAlt });
      await expect(image).toHaveAttribute("src", hashedImage(article.imageUrl));
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "800");
      await expect(card.getByText(article.category, { exact: true })).toBeVisible();
      await expect(card.locator("time")).toHaveText(article.date);
      await expect(card.locator("time")).toHaveAttribute("datetime", article.publishedAt);
      await expect(card.getByText(article.readTime)).toBeVisible();
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(article.title);
      // Spec section 9: 150 characters plus "..." (every default excerpt is longer).
      expect(article.excerpt.length).toBeGreaterThan(150);
      await expect(card.locator("p")).toHaveText(`${article.excerpt.slice(0, 150)}...`);
      await expect(card.getByText(article.author.initials, { exact: true })).toBeVisible();
      await expect(card.getByText(article.author.name)).toBeVisible();
      await expect(card.getByRole("link", { name: `Read More: ${article.title}` })).toHaveAttribute(
        "href",
        `/blog/${article.id}`,
      );
    }
  });

  test("lays the grid out in 1, 2 or 3 columns by screen width", async ({ page }) => {
    await page.goto("/blog");
    const columns = async () => {
      const lefts = await cards(page).evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().left)),
      );
      return new Set(lefts).size;
    };
    expect(await columns()).toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await columns()).toBe(2);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await columns()).toBe(1);
  });

  test("searches as you type, case-insensitively, keeping the search in the URL without new history", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/blog");
    await waitForHydration(page);
    const historyLength = await page.evaluate(() => history.length);
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.pressSequentially("PRACTICAL", { delay: 20 });
    await expect(page).toHaveURL("/blog?q=PRACTICAL");
    // Title of one, excerpt of another ("six practical controls").
    await expect(cardTitles(page)).toHaveText([
      "A Practical Guide to Adopting AI in Your Business",
      "Six Cybersecurity Essentials Every Small Business Needs",
    ]);
    await search.fill("natarajan");
    await expect(page).toHaveURL("/blog?q=natarajan");
    await expect(cardTitles(page)).toHaveText([
      "A Practical Guide to Adopting AI in Your Business",
    ]);
    await expect(search).toBeFocused();
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test("combines the search with the category; both must hold; Reset Filters clears both", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/blog");
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("small");
    await expect(page).toHaveURL("/blog?q=small");
    const badges = page.getByRole("navigation", { name: "Categories" });
    await badges.getByRole("link", { name: "Cybersecurity" }).click();
    await expect(page).toHaveURL("/blog?q=small&category=Cybersecurity");
    await expect(badges.getByRole("link", { name: "Cybersecurity" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(cardTitles(page)).toHaveText([
      "Six Cybersecurity Essentials Every Small Business Needs",
    ]);

    await search.fill("natarajan");
    await expect(page).toHaveURL("/blog?q=natarajan&category=Cybersecurity");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();

    await page.getByRole("link", { name: "Reset Filters" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(search).toHaveValue("");
    await expect(badges.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
    await expect(cardTitles(page)).toHaveText(titles);

    await badges.getByRole("link", { name: "Artificial Intelligence" }).click();
    await expect(page).toHaveURL("/blog?category=Artificial+Intelligence");
    await badges.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page)).toHaveCount(3);
  });

  test("opens a shared filtered address with the search box and badge already set", async ({
    page,
  }) => {
    await page.goto("/blog?q=turner&category=Digital+Transformation");
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("turner");
    await expect(
      page
        .getByRole("navigation", { name: "Categories" })
        .getByRole("link", { name: "Digital Transformation" }),
    ).toHaveAttribute("aria-current", "true");
    await expect(cardTitles(page)).toHaveText([
      "Digital Transformation Without the Buzzwords: Where to Start",
    ]);
    // An unknown category matches nothing.
    await page.goto("/blog?category=Gardening");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
  });

  test("Featured Resources: three tabs, Guides & Tutorials first, each with two chosen items and View All", async ({
    page,
  }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Featured Resources" });
    await expect(section.getByRole("tab")).toHaveText([
      "Guides & Tutorials",
      "Success Stories",
      "Industry Insights",
    ]);
    await expect(section.getByRole("tab", { name: "Guides & Tutorials" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    for (const label of ["Guides & Tutorials", "Success Stories", "Industry Insights"]) {
      await section.getByRole("tab", { name: label }).click();
      const panel = section.getByRole("tabpanel");
      await expect(panel).toHaveCount(1);
      await expect(panel).toHaveAccessibleName(label);
      const cardLinks = panel.getByRole("listitem").getByRole("link");
      await expect(cardLinks).toHaveCount(2);
      const hrefs = await cardLinks.evaluateAll((links) =>
        links.map((link) => link.getAttribute("href") ?? ""),
      );
      // Real articles and case studies, not the blog filtered.
      for (const href of hrefs) expect(href).toMatch(/^\/(blog|case-studies)\/[a-z0-9-]+$/);
      await expect(panel.getByRole("link", { name: `View All ${label}` })).toHaveAttribute(
        "href",
        label === "Success Stories" ? "/case-studies" : "/blog",
      );
    }
    await section.getByRole("tab", { name: "Success Stories" }).click();
    await section.getByRole("tabpanel").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/case-studies\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("Featured Resources tabs work by keyboard: arrows, Home, End and one tab stop", async ({
    page,
  }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Featured Resources" });
    const guides = section.getByRole("tab", { name: "Guides & Tutorials" });
    const stories = section.getByRole("tab", { name: "Success Stories" });
    const insights = section.getByRole("tab", { name: "Industry Insights" });
    const panel = section.getByRole("tabpanel");

    await guides.focus();
    await page.keyboard.press("ArrowRight");
    await expect(stories).toBeFocused();
    await expect(stories).toHaveAttribute("aria-selected", "true");
    await expect(panel).toHaveAccessibleName("Success Stories");
    await page.keyboard.press("ArrowRight");
    await expect(insights).toBeFocused();
    await expect(panel).toHaveAccessibleName("Industry Insights");
    await page.keyboard.press("ArrowRight");
    await expect(guides).toBeFocused();
    await expect(panel).toHaveAccessibleName("Guides & Tutorials");
    await page.keyboard.press("ArrowLeft");
    await expect(insights).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(guides).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(insights).toHaveAttribute("aria-selected", "true");
    await expect(guides).toHaveAttribute("aria-selected", "false");
    // One tab stop: Tab leaves the tab row for the panel (the WAI-ARIA tabs pattern), then its links.
    await page.keyboard.press("Tab");
    await expect(panel).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link").first()).toBeFocused();
  });

  test("has the newsletter block with its field, button and note", async ({ page }) => {
    await page.goto("/blog");
    const block = page
      .getByRole("main")
      .getByRole("region", { name: defaultContent.cta.newsletterHeading });
    await expect(block.getByText(defaultContent.cta.newsletterDescription)).toBeVisible();
    const email = block.getByPlaceholder("Enter your email");
    await expect(email).toHaveAttribute("type", "email");
    await expect(block.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expect(
      block.getByText(
        "By subscribing, you agree to receive our newsletter emails. You can unsubscribe at any time.",
      ),
    ).toBeVisible();
  });

  test("replaces an article image that fails to load with the placeholder", async ({ page }) => {
    if (!newest) throw new Error("no article");
    await page.route(anyImageAddress(newest.imageUrl), (route) => route.abort());
    await page.goto("/blog");
    const image = cards(page).first().getByRole("img");
    await expect(image).toHaveAttribute("src", "/images/placeholder.svg");
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    // The others keep their own images.
    await expect(cards(page).nth(1).getByRole("img")).toHaveAttribute(
      "src",
      hashedImage(articles[1]?.imageUrl ?? ""),
    );
  });

  // The list as it loads is checked with every public page (page-quality.spec.ts).
  test("passes axe with the empty state, at mobile width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/blog?q=nothing-matches-this");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the blog without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searches with the form, filters with the badges and resets, all through the URL", async ({
    page,
  }) => {
    await page.goto("/blog");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("turner");
    await search.press("Enter");
    await expect(page).toHaveURL("/blog?q=turner");
    await expect(cardTitles(page)).toHaveText([
      "Digital Transformation Without the Buzzwords: Where to Start",
    ]);
    const badges = page.getByRole("navigation", { name: "Categories" });
    await badges.getByRole("link", { name: "Cybersecurity" }).click();
    await expect(page).toHaveURL("/blog?q=turner&category=Cybersecurity");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    // The search form keeps the chosen category.
    await page.getByRole("searchbox", { name: "Search articles" }).fill("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/blog?q=&category=Cybersecurity");
    await expect(cardTitles(page)).toHaveText([
      "Six Cybersecurity Essentials Every Small Business Needs",
    ]);
    await page.goto("/blog?q=nothing-matches-this");
    await page.getByRole("link", { name: "Reset Filters" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page)).toHaveCount(3);
  });

  test("shows every Featured Resources panel under its own heading", async ({ page }) => {
    await page.goto("/blog");
    const section = page.getByRole("region", { name: "Featured Resources" });
    await expect(section.getByRole("tablist")).toBeHidden();
    for (const label of ["Guides & Tutorials", "Success Stories", "Industry Insights"]) {
      await expect(section.getByRole("heading", { name: label, level: 3 })).toBeVisible();
    }
    await expect(section.getByRole("listitem")).toHaveCount(6);
  });
});

test.describe("Load More Articles", () => {
  // A site of its own with 12 articles (the 3 defaults and 9 "Cloud" ones), so the shared e2e
  // server's blog stays as the other specs expect it.
  let site: TestSite;

  test.beforeAll(async () => {
    site = await startSiteWithArticles(makeExtraArticles(9));
  });

  test.afterAll(async () => {
    await site?.close();
  });

  test("shows six articles, then the next six, then no button", async ({ page }) => {
    test.slow();
    await page.goto(`${site.url}/blog`);
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByText("Showing 6 of 12 articles")).toBeVisible();
    await expect(cardTitles(page).first()).toHaveText(titles[0] ?? "");
    await page.getByRole("link", { name: "Load More Articles" }).click();
    await expect(cards(page)).toHaveCount(12);
    await expect(page).toHaveURL(`${site.url}/blog?page=2#post-cloud-note-4`);
    await expect(page.getByText("Showing 12 of 12 articles")).toBeVisible();
    await expect(page.getByRole("link", { name: "Load More Articles" })).toHaveCount(0);
    // Keyboard focus is on the first article just added.
    await expect(
      cards(page).nth(6).getByRole("heading", { level: 3 }).getByRole("link"),
    ).toBeFocused();
  });

  test("pages within the current filter", async ({ page }) => {
    await page.goto(`${site.url}/blog?category=Cloud`);
    await expect(cards(page)).toHaveCount(6);
    await page.getByRole("link", { name: "Load More Articles" }).click();
    await expect(page).toHaveURL(`${site.url}/blog?category=Cloud&page=2#post-cloud-note-7`);
    await expect(cards(page)).toHaveCount(9);
    await expect(page.getByRole("link", { name: "Load More Articles" })).toHaveCount(0);
    // A page number past the end shows everything there is.
    await page.goto(`${site.url}/blog?category=Cloud&page=40`);
    await expect(cards(page)).toHaveCount(9);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the button is a link to the next page", async ({ page }) => {
      await page.goto(`${site.url}/blog`);
      await expect(cards(page)).toHaveCount(6);
      await page.getByRole("link", { name: "Load More Articles" }).click();
      await expect(page).toHaveURL(`${site.url}/blog?page=2#post-cloud-note-4`);
      await expect(cards(page)).toHaveCount(12);
      await expect(page.getByRole("link", { name: "Load More Articles" })).toHaveCount(0);
    });
  });
});
