// The SEO section's previews in Chromium, as the owner uses them: typing a search description
// updates its 70-160 counter and the search-result and link-card previews at once, in the Content
// Manager and in the article editor; an empty one shows the fallback the page really uses; the
// article's "Use the cover image when shared" changes the card and, once saved, the public page's
// og:image. axe finds nothing serious on the SEO sections at 1280 and 375 px.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { defaultArticles } from "../../app/features/publishing/default-articles";
import { fitDescription } from "../../app/platform/seo/description";
import { getToast } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { waitForScriptedPageToHydrate } from "./hydration";
import { test } from "./test";

const cover = defaultArticles[0]?.imageUrl ?? "";

/** Publishes an article with a cover through the admin API; answers its slug. */
async function publishArticle(context: BrowserContext): Promise<string> {
  const slug = `sharing-previews-${Date.now()}`;
  const response = await context.request.post(`${baseURL}/api/admin/articles`, {
    headers: { origin: baseURL },
    data: {
      slug,
      status: "published",
      publishAt: "",
      title: "Sharing Previews That Sell the Click",
      excerpt: "How a small firm's articles look when they are found in search and shared.",
      category: "Marketing",
      authorName: "Ana Lopez",
      readTime: "",
      imageUrl: cover,
      imageAlt: "A diagram",
      seoDescription: "",
      body: "<p>The story.</p>",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return slug;
}

function getPreview(page: Page) {
  const preview = page.getByTestId("seo-preview").first();
  return {
    counter: preview.getByTestId("seo-counter"),
    resultTitle: preview.getByTestId("result-title"),
    resultAddress: preview.getByTestId("result-address"),
    resultDescription: preview.getByTestId("result-description"),
    cardDescription: preview.getByTestId("card-description"),
    cardImage: preview.getByTestId("card-image"),
  };
}

async function openSeoTab(page: Page, context: BrowserContext) {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "SEO" }).click();
}

test.describe("SEO previews", () => {
  test("the Content Manager's previews follow the typing and show the fallback", async ({
    page,
    context,
  }) => {
    await openSeoTab(page, context);
    const field = page.getByLabel("Home page search description", { exact: true });
    const preview = getPreview(page);
    // Empty: the page's computed description is what search engines get.
    await expect(field).toHaveValue("");
    await expect(preview.counter).toContainText("0 / 70-160 characters");
    // The hero's text is longer than 160 characters: fitted as the page's head has it.
    await expect(preview.resultDescription).toHaveText(
      fitDescription(defaultContent.hero.description),
    );
    await expect(preview.resultDescription).toHaveText(/^We help growing organizations .*…$/);
    await expect(page.getByText("No description written").first()).toBeVisible();
    const { tagline, companyName } = defaultContent.general;
    await expect(page.getByTestId("card-title").first()).toHaveText(`${tagline} | ${companyName}`);
    await expect(preview.resultTitle).toHaveText(/^Practical IT for growing businesses \| .*…$/);
    await expect(preview.resultAddress).toHaveText(/^[\w.:-]+$/);

    await field.fill("IT help for small firms.");
    await expect(preview.counter).toContainText("24 / 70-160 characters");
    await expect(preview.counter).toContainText("Too short: add 46 or more.");
    await expect(preview.resultDescription).toHaveText("IT help for small firms.");
    await expect(preview.cardDescription).toHaveText("IT help for small firms.");

    const good =
      "Senior IT consultants for small and mid-sized firms: strategy, security, cloud and support.";
    await field.fill(good);
    await expect(preview.counter).toContainText(`${good.length} / 70-160 characters`);
    await expect(preview.counter).toContainText("Good length.");
    await field.fill(`${good} `.repeat(2));
    await expect(preview.counter).toContainText("Too long");
    // Search results cut it after a whole word; the head keeps it whole.
    await expect(preview.resultDescription).toHaveText(/…$/);
    await expect(preview.cardImage).toHaveAttribute("src", /^\/og\/index\.png/);
  });

  test("the article editor's previews follow the typing; the cover becomes the shared image", async ({
    page,
    context,
    browser,
  }) => {
    await signInWithSessionCookie(context, baseURL);
    const slug = await publishArticle(context);
    await page.goto(`/admin/articles/${slug}`);
    const preview = getPreview(page);
    // 63 characters: a search result cuts it after a whole word; the card shows it whole.
    await expect(preview.resultTitle).toHaveText(
      "Sharing Previews That Sell the Click | Clearline IT…",
    );
    await expect(page.getByTestId("card-title")).toHaveText(
      "Sharing Previews That Sell the Click | Clearline IT Consulting",
    );
    await expect(preview.resultAddress).toContainText(`› blog › ${slug}`);
    await expect(preview.resultDescription).toContainText("How a small firm's articles look");
    await expect(preview.cardImage).toHaveAttribute("src", new RegExp(`^/og/blog/${slug}\\.png`));

    const field = page.getByLabel("Search description", { exact: true });
    const written =
      "What a small firm's articles look like in Google and on LinkedIn, and how to make both work.";
    await field.fill(written);
    await expect(preview.counter).toContainText(`${written.length} / 70-160 characters`);
    await expect(preview.resultDescription).toHaveText(written);

    const useCover = page.getByLabel("Use the cover image when shared", { exact: true });
    await expect(useCover).not.toBeChecked();
    await useCover.check();
    await expect(preview.cardImage).toHaveAttribute("src", cover);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(getToast(page, "Saved")).toBeVisible();

    const visitor = await browser.newContext();
    const html = await (await visitor.request.get(`${baseURL}/blog/${slug}`)).text();
    expect(html).toMatch(
      new RegExp(`property="og:image" content="[^"]*/og/blog/${slug}/cover\\.png"`),
    );
    const image = await visitor.request.get(`${baseURL}/og/blog/${slug}/cover.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    await visitor.close();

    // Off again: the generated card is back on the card and the page.
    await page.reload();
    await expect(useCover).toBeChecked();
    await useCover.uncheck();
    await expect(preview.cardImage).toHaveAttribute("src", new RegExp(`^/og/blog/${slug}\\.png`));
  });

  for (const width of [1280, 375]) {
    test(`the SEO sections pass axe at ${width} px`, async ({ page, context }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await openSeoTab(page, context);
      await page.getByLabel("About page search description", { exact: true }).fill("Too short.");
      await expectNoSeriousA11yViolations(page);

      // A page of its own: the Content Manager's unsaved edit would ask before leaving.
      const editor = await context.newPage();
      await editor.setViewportSize({ width, height: 900 });
      const slug = await publishArticle(context);
      await editor.goto(`/admin/articles/${slug}`);
      await waitForScriptedPageToHydrate(editor);
      await editor.getByLabel("Search description", { exact: true }).fill("Too short.");
      await expect(getPreview(editor).counter).toContainText("Too short");
      await expectNoSeriousA11yViolations(editor);
      // Nothing scrolls sideways.
      const scrollWidth = await editor.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    });
  }
});
