// Spec section 4's loading state on client-side navigation: a slow move to another page shows that
// page's skeleton in place of the old page, after a short delay (fast moves show none); a first
// visit arrives complete, with no skeleton.
import { expect, type Page } from "@playwright/test";
import { defaultCaseStudies } from "../../app/features/publishing/default-case-studies";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { waitForHydration } from "./hydration";
import { test } from "./test";

test.use({ viewport: { width: 1280, height: 900 } });

/** Holds back the page data of client-side navigations (React Router's *.data requests). */
async function slowDownPageData(page: Page, delayMs: number) {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue();
    },
  );
}

/** Records, in the page, when a skeleton first appears (performance.now()). */
async function watchForSkeleton(page: Page) {
  await page.evaluate(() => {
    const record = window as unknown as { skeletonAt?: number };
    new MutationObserver((_mutations, observer) => {
      if (document.querySelector("[data-skeleton]")) {
        record.skeletonAt = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test("a first visit arrives complete, with no skeleton in the HTML", async ({ request }) => {
  for (const path of [
    "/",
    "/case-studies",
    "/blog",
    `/case-studies/${defaultCaseStudies[0]?.id}`,
  ]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain("data-skeleton");
  }
});

test("a slow navigation shows the target page's skeleton after a short delay, then the page", async ({
  page,
}) => {
  test.slow();
  await page.goto("/case-studies");
  await waitForHydration(page);
  await slowDownPageData(page, 1500);
  await watchForSkeleton(page);
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();

  const skeleton = page.locator('[data-skeleton="blog"]');
  await expect(skeleton).toBeVisible();
  await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("status").filter({ hasText: "Loading page..." })).toBeAttached();
  // The old page is gone while the new one loads; header and footer stay.
  await expect(page.getByRole("heading", { name: "Case Studies", level: 1 })).toHaveCount(0);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  const shownAt = await page.evaluate(
    () => (window as unknown as { skeletonAt?: number }).skeletonAt ?? 0,
  );
  expect(shownAt - clickedAt).toBeGreaterThanOrEqual(200);
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByRole("heading", { name: "IT Insights & Resources" })).toBeVisible({
    timeout: 10_000,
  });
  await expect(skeleton).toHaveCount(0);
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
});

test("each kind of page has a skeleton shaped like it", async ({ page }) => {
  test.slow();
  const study = defaultCaseStudies[0];
  if (!study) throw new Error("no case study");
  await page.goto("/blog");
  await waitForHydration(page);
  await slowDownPageData(page, 1500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Case Studies" }).click();
  await expect(page.locator('[data-skeleton="case-studies"]')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Case Studies", level: 1 })).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole("link", { name: `Read the full case study: ${study.title}` }).click();
  await expect(page.locator('[data-skeleton="article"]')).toBeVisible();
  await expect(page.getByRole("heading", { name: study.title, level: 1 })).toBeVisible({
    timeout: 10_000,
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Home", exact: true })
    .click();
  await expect(page.locator('[data-skeleton="home"]')).toBeVisible();
});

test("a new query on the same page keeps the page in place while it loads", async ({ page }) => {
  test.slow();
  await page.goto("/blog");
  await waitForHydration(page);
  await slowDownPageData(page, 1200);
  await watchForSkeleton(page);
  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: "Cybersecurity" })
    .click();
  await expect(page).toHaveURL("/blog?category=Cybersecurity");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(1, { timeout: 10_000 });
  const skeletonAt = await page.evaluate(
    () => (window as unknown as { skeletonAt?: number }).skeletonAt,
  );
  expect(skeletonAt).toBeUndefined();
});
