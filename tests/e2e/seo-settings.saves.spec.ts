// The owner's SEO settings in Chromium, at 1280 and 375 px: a search title, description, social
// image from the media library and noindex set for a spec page (the About page, in the Content
// Manager's SEO tab), a service (the content editor) and an article (its editor) reach the public
// pages' head tags once saved, and a noindex page leaves sitemap.xml. axe finds nothing serious
// on the article editor's SEO panel or the public page. The page editor shows the title exactly as
// the page carries it, and a tick leaves the site's name off it.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { Resvg } from "@resvg/resvg-js";
import { createBlock } from "../../app/capabilities/blocks/page-blocks";
import { defaultContent } from "../../app/features/content/default-content";
import { toSlug } from "../../app/platform/slug";
import { getToast, openEditor } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { waitForScriptedPageToHydrate } from "./hydration";
import { test } from "./test";

const service = defaultContent.services.items[0];

/** Uploads a one-colour 1200x630 PNG to the media library; answers its address. */
async function uploadCard(context: BrowserContext, name: string, color: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="${color}"/></svg>`;
  const response = await context.request.post(`${baseURL}/api/admin/images`, {
    headers: { origin: baseURL },
    multipart: {
      image: { name, mimeType: "image/png", buffer: new Resvg(svg).render().asPng() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { image: { url: string } }).image.url;
}

/** Chooses a library image by name in the SEO panel of scope. */
async function chooseSocialImage(page: Page, scope: ReturnType<Page["locator"]>, name: string) {
  await scope.getByRole("button", { name: "Choose a social image" }).click();
  await scope.getByLabel("Search the library").fill(name);
  await scope.getByRole("radiogroup", { name: "Images in the library" }).getByText(name).click();
  await expect(scope.getByTestId("seo-image-note")).toHaveText(
    "Shared links show this image from the library.",
  );
  await expect(page.getByRole("radiogroup", { name: "Images in the library" })).toHaveCount(0);
}

/** The public page's head, as a visitor without a session gets it. */
async function readHead(page: Page, path: string) {
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error("no browser");
  const html = await (await visitor.request.get(`${baseURL}${path}`)).text();
  const sitemap = await (await visitor.request.get(`${baseURL}/sitemap.xml`)).text();
  await visitor.close();
  const meta = (key: string) =>
    html
      .match(new RegExp(`<meta[^>]*(?:property|name)="${key}"[^>]*>`))?.[0]
      ?.match(/content="([^"]*)"/)?.[1]
      ?.replaceAll("&amp;", "&");
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll("&amp;", "&"),
    description: meta("description"),
    image: meta("og:image"),
    robots: meta("robots"),
    inSitemap: sitemap.includes(`${path}</loc>`),
  };
}

test.describe("SEO settings", () => {
  test.afterEach(async ({ context }) => {
    // The spec's other saves (and later specs) see the site as it was.
    const response = await context.request.post(`${baseURL}/api/content`, {
      headers: { origin: baseURL },
      data: { content: { seo: defaultContent.seo, services: defaultContent.services } },
    });
    expect(response.status(), await response.text()).toBe(200);
  });

  for (const width of [1280, 375]) {
    /** Signed in at the width, with a fresh image in the library: its name and address. */
    const prepare = async (page: Page, context: BrowserContext, color: string) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await signInWithSessionCookie(context, baseURL);
      const imageName = `seo-card-${width}-${Date.now()}.png`;
      return { imageName, image: await uploadCard(context, imageName, color) };
    };

    // The About page's and a service's settings at one width each, the article's at both.
    if (width === 375)
      test(`the owner sets the About page's SEO at ${width} px`, async ({ page, context }) => {
        const { imageName, image } = await prepare(page, context, "#0f766e");
        await page.goto("/content");
        await page.getByRole("tab", { name: "SEO" }).click();
        const about = page.getByRole("group", { name: "About page", exact: true });
        const aboutTitle = `Who we are at ${width} px`;
        const aboutDescription = `The people behind the firm, how we work and what we stand for, told plainly for owners at ${width} px.`;
        await about.getByLabel("About page search title").fill(aboutTitle);
        await about.getByLabel("About page search description").fill(aboutDescription);
        await expect(about.getByTestId("card-title")).toHaveText(
          `${aboutTitle} | Clearline IT Consulting`,
        );
        await chooseSocialImage(page, about, imageName);
        await expect(about.getByTestId("card-image")).toHaveAttribute("src", image);
        await about.getByLabel("Hide from search engines (noindex)").check();
        await page.getByRole("button", { name: "Save Changes" }).click();
        await expect(getToast(page, "Content Saved")).toBeVisible();
        expect(await readHead(page, "/about")).toEqual({
          title: `${aboutTitle} | Clearline IT Consulting`,
          description: aboutDescription,
          image: expect.stringMatching(new RegExp(`${image}$`)),
          robots: "noindex",
          inSitemap: false,
        });
        await page.goto("/about");
        await expect(page).toHaveTitle(`${aboutTitle} | Clearline IT Consulting`);
        await expectNoSeriousA11yViolations(page);
      });

    if (width === 1280)
      test(`the owner sets a service's SEO at ${width} px`, async ({ page, context }) => {
        if (!service) throw new Error("no default service");
        test.slow();
        await page.setViewportSize({ width, height: 900 });
        await openEditor(page, context);
        await page.getByRole("tab", { name: "Services" }).click();
        const card = page.getByRole("region", { name: "Service 1", exact: true });
        await card.getByText("More details for this service's page").click();
        const serviceSeo = card.getByRole("group", { name: "Search and sharing" });
        const serviceTitle = `Plan your IT at ${width} px`;
        await serviceSeo.getByLabel("Search title").fill(serviceTitle);
        await page.getByRole("button", { name: "Save Changes" }).click();
        await expect(getToast(page, "Content Saved")).toBeVisible();
        const servicePath = `/services/${toSlug(service.title)}`;
        const serviceHead = await readHead(page, servicePath);
        expect(serviceHead.title).toBe(`${serviceTitle} | Clearline IT Consulting`);
        expect(serviceHead.robots).toBeUndefined();
        expect(serviceHead.inSitemap).toBe(true);
      });

    test(`the page editor shows the title as the page carries it, and leaves the site's name off at ${width} px`, async ({
      page,
      context,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await signInWithSessionCookie(context, baseURL);
      const slug = `campaign-${width}-${Date.now()}`;
      const created = await context.request.post(`${baseURL}/api/admin/pages`, {
        headers: { origin: baseURL },
        data: {
          slug,
          status: "published",
          publishAt: "",
          title: "Spring Offer",
          blocks: [{ ...createBlock("hero", "hero1"), heading: "Spring Offer" }],
          seoDescription: "",
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto(`/admin/pages/${slug}`);
      await waitForScriptedPageToHydrate(page);
      const panel = page.getByTestId("seo-panel");
      const searchTitle = `Free Microsoft 365 audit (${width} px)`;
      await panel.getByLabel("Search title").fill(searchTitle);
      const fullTitle = panel.getByTestId("seo-full-title");
      await expect(fullTitle).toHaveText(
        `Title the page carries: ${searchTitle} | Clearline IT Consulting`,
      );
      await expect(panel.getByTestId("card-title")).toHaveText(
        `${searchTitle} | Clearline IT Consulting`,
      );
      const tick = panel.getByLabel('Add " | Clearline IT Consulting" after the title');
      await expect(tick).toBeChecked();
      await tick.uncheck();
      await expect(fullTitle).toHaveText(`Title the page carries: ${searchTitle}`);
      await expect(panel.getByTestId("result-title")).toHaveText(searchTitle);
      await expect(panel.getByTestId("card-title")).toHaveText(searchTitle);
      await panel.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/seo-title-${width}.png` });
      await page.getByRole("button", { name: "Save Changes" }).first().click();
      await expect(getToast(page, "Saved")).toBeVisible();
      expect((await readHead(page, `/${slug}`)).title).toBe(searchTitle);
      await page.reload();
      await waitForScriptedPageToHydrate(page);
      await expect(
        page
          .getByTestId("seo-panel")
          .getByLabel('Add " | Clearline IT Consulting" after the title'),
      ).not.toBeChecked();
    });

    test(`the owner sets an article's SEO at ${width} px`, async ({ page, context }) => {
      const { imageName, image } = await prepare(
        page,
        context,
        width === 375 ? "#7c3aed" : "#b45309",
      );
      const slug = `seo-settings-${width}-${Date.now()}`;
      const created = await context.request.post(`${baseURL}/api/admin/articles`, {
        headers: { origin: baseURL },
        data: {
          slug,
          status: "published",
          publishAt: "",
          title: "Patching Without a Maintenance Weekend",
          excerpt: "How a small team keeps every server patched without losing a weekend.",
          category: "Infrastructure",
          authorName: "Ana Lopez",
          readTime: "",
          imageUrl: "",
          imageAlt: "",
          seoDescription: "",
          body: "<p>The story.</p>",
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto(`/admin/articles/${slug}`);
      await waitForScriptedPageToHydrate(page);
      const panel = page.getByTestId("seo-panel");
      const articleTitle = `Patch servers on a weekday (${width} px)`;
      await panel.getByLabel("Search title").fill(articleTitle);
      await expect(panel.getByTestId("result-title")).toContainText("Patch servers on a weekday");
      await chooseSocialImage(page, panel, imageName);
      await expectNoSeriousA11yViolations(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      // At 375 px the editor also has a save button in its sticky bar.
      await page.getByRole("button", { name: "Save Changes" }).first().click();
      await expect(getToast(page, "Saved")).toBeVisible();
      const articleHead = await readHead(page, `/blog/${slug}`);
      expect(articleHead.title).toBe(`${articleTitle} | Clearline IT Consulting`);
      expect(articleHead.image).toMatch(new RegExp(`${image}$`));
      expect(articleHead.inSitemap).toBe(true);

      // The public page reads as before: the search title is for search results and cards.
      await page.goto(`/blog/${slug}`);
      await expect(
        page.getByRole("heading", { name: "Patching Without a Maintenance Weekend", level: 1 }),
      ).toBeVisible();
      await expect(page).toHaveTitle(`${articleTitle} | Clearline IT Consulting`);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
