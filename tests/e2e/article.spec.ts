// /blog/:id: an article page reached by Read More, with its byline, image, body, call to action and
// more articles; an unknown id is a 404.

import { expect } from "@playwright/test";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { fitDescription } from "../../app/platform/seo/description";
import { expectNoSeriousA11yViolations, hashedImage } from "./fixtures";
import { test } from "./test";

const article = defaultArticles.find((entry) => entry.id === "practical-guide-to-adopting-ai");
if (!article) throw new Error("no default article");
const others = defaultArticles
  .filter((entry) => entry.id !== article.id)
  .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

test.describe("an article page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("opens from Read More and shows the byline, image and body", async ({ page }) => {
    await page.goto("/blog");
    // The Featured Resources may link the same article: any visible Read More of it will do.
    await page
      .getByRole("link", { name: `Read More: ${article.title}` })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(`/blog/${article.id}`);
    await expect(page).toHaveTitle(`${article.title} | Clearline IT Consulting`);
    const story = page.getByRole("article", { name: article.title });
    await expect(story.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(story.getByText(article.category, { exact: true })).toBeVisible();
    await expect(story.getByText(article.excerpt)).toBeVisible();
    await expect(story.getByText(article.author.initials, { exact: true })).toBeVisible();
    await expect(story.getByText(article.author.name)).toBeVisible();
    await expect(story.locator("time")).toHaveText(article.date);
    await expect(story.locator("time")).toHaveAttribute("datetime", article.publishedAt);
    await expect(story.getByText(article.readTime)).toBeVisible();
    const image = story.getByRole("img", { name: article.imageAlt });
    await expect(image).toHaveAttribute("src", hashedImage(article.imageUrl));
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "800");
    for (const heading of [
      "Start with problems, not technology",
      "Protect your data",
      "The bottom line",
    ]) {
      await expect(story.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    }
    await expect(
      story.getByRole("link", { name: "book a free consultation", exact: true }),
    ).toHaveAttribute("href", "/booking");
    await expect(page.getByRole("link", { name: "All articles", exact: true })).toHaveAttribute(
      "href",
      "/blog",
    );
  });

  test("ends with a call to action and the other articles", async ({ page }) => {
    await page.goto(`/blog/${article.id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Put These Ideas to Work" })).toBeVisible();
    await expect(
      main.getByRole("link", { name: "Book a Free Consultation", exact: true }),
    ).toHaveAttribute("href", "/booking");
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    const more = main.getByRole("region", { name: "More Insights" });
    await expect(more.getByRole("heading", { level: 3 })).toHaveText(
      others.map((other) => other.title),
    );
    const next = others[0];
    if (!next) throw new Error("no other article");
    await more.getByRole("link", { name: `Read More: ${next.title}` }).click();
    await expect(page).toHaveURL(`/blog/${next.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(next.title);
  });

  test("has article head tags for link previews", async ({ page }) => {
    await page.goto(`/blog/${article.id}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      fitDescription(article.excerpt),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^https?://[^/]+/og/blog/${article.id}\\.png$`),
    );
  });

  test("answers an unknown article with a 404 page", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
    await expect(
      page.getByText("The article you're looking for could not be found."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "View All Articles" })).toHaveAttribute(
      "href",
      "/blog",
    );
    await expect(page).toHaveTitle("Article Not Found | Clearline IT Consulting");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the article arrives complete", async ({ page }) => {
    await page.goto(`/blog/${article.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByRole("heading", { name: "Scale what works" })).toBeVisible();
  });
});
