// Every public page at phone and desktop width: no axe violation of any rule, whatever its impact;
// no page, public or admin, reports a Content Security Policy violation; no link's text is only
// "Read More"; the stylesheet arrives inside the page and no font is fetched before the first paint;
// the mobile menu opens without JavaScript.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { baseURL, findA11yViolations, signInWithSessionCookie } from "./fixtures";
import { waitForHydration } from "./hydration";
import { test } from "./test";

async function readSitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** Collects CSP violations from the page's own event and from the console, from the start. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|unsafe-eval|Refused to/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

/**
 * Waits for the entrance animations (fade-up, up to 0.7 s) to end: axe measures text mid-fade at
 * part opacity, with less contrast than anyone reading the page sees. Endless ones are left alone.
 */
async function waitForEntranceAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

// One load of each page serves both widths and both checks: the pages are laid out by CSS alone
// (no script reads the viewport), so a page widened from 375 to 1280 px is the page loaded at
// 1280, and a page walk costs a minute on two cores.
test("axe finds no violation of any rule on any public page at 375 or 1280 px, nor does any report a CSP violation", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const violations = await watchCspViolations(page);
  const problems: string[] = [];
  for (const path of await readSitemapPaths(request)) {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(path);
    await waitForHydration(page);
    await waitForEntranceAnimations(page);
    for (const width of [375, 1280]) {
      if (width !== 375) await page.setViewportSize({ width, height: 900 });
      for (const violation of await findA11yViolations(page)) {
        const nodes = violation.nodes.map((node) => node.target.join(" ")).join(", ");
        problems.push(`${path} at ${width} px: ${violation.id} (${violation.impact}): ${nodes}`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(violations).toEqual([]);
});

/** Lighthouse's English link texts that say nothing of where a link goes (its link-text audit). */
const genericLinkTexts = new Set([
  "click here",
  "click this",
  "go",
  "here",
  "information",
  "learn more",
  "more",
  "more info",
  "more information",
  "right here",
  "read more",
  "see more",
  "start",
  "this",
]);

test("no link on a public page reads as only Read More to search engines", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const generic: string[] = [];
  for (const path of await readSitemapPaths(request)) {
    await page.goto(path);
    await waitForHydration(page);
    const links = await page.locator("a[href]").evaluateAll((anchors) =>
      anchors.map((anchor) => [
        anchor.getAttribute("href"),
        // biome-ignore lint/performance/useDomNodeTextContent: Lighthouse reads innerText (the rendered text, not aria-label).
        (anchor as HTMLElement).innerText,
      ]),
    );
    for (const [href, text] of links) {
      if (genericLinkTexts.has((text ?? "").trim().toLowerCase())) {
        generic.push(`${path}: "${text}" -> ${href}`);
      }
    }
  }
  expect(generic).toEqual([]);
});

test("a new site's pages download no font, and the manifest comes on the page's connection", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/about")).text();
  expect(html.match(/as="font"|@font-face[^}]*\}/g) ?? []).toEqual([]);
  // Without credentials Chrome opens a connection of its own for it while the page loads.
  expect(html).toContain(
    '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials"/>',
  );
  await page.goto("/");
  await waitForHydration(page);
  const fonts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.includes("/fonts/")),
  );
  expect(fonts).toEqual([]);
});

test("the forms that validate in the browser report no CSP violation", async ({ page }) => {
  const violations = await watchCspViolations(page);
  // The contact form loads its checks (zod) on focus and runs them on submit.
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel(/Email/).first().focus();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(/valid email|required/i).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("no admin screen reports a CSP violation", async ({ page, context }) => {
  test.setTimeout(120_000);
  const violations = await watchCspViolations(page);
  // The login form validates with zod in the browser.
  await page.goto("/admin/login");
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  await page.getByLabel("Email Address").fill("not-an-email");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();

  await signInWithSessionCookie(context, baseURL);
  // /edit and /working-editor serve the route module of /admin: the same screen and headers.
  for (const path of ["/admin", "/content", "/images", "/admin/leads"]) {
    await page.goto(path);
    await waitForHydration(page).catch(() => undefined);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("the stylesheet arrives inside the page and still styles it after client navigation", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/about")).text();
  expect(html).toMatch(/<style>[^<]*tailwindcss/);
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  // No script competes with the page before its first paint: the module script at its end
  // loads them (and so React hydrates it, below).
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toMatch(/<script\b[^>]*type="module"[^>]*>[^<]*import\("\/assets\/entry\.client-/);

  await page.goto("/about");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  await expect(header).toHaveCSS("position", "fixed");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(header).toHaveCSS("position", "fixed");
  expect(
    await page
      .locator("head style")
      .first()
      .evaluate((style) => style.textContent?.length),
  ).toBeGreaterThan(10_000);
});

test("an admin screen links the stylesheet, and the site reached from it is still styled", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin/redirects");
  await waitForHydration(page);
  // One cacheable file, the admin's sheet (every class of the site), and none inside the page.
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const sheet of stylesheets) expect(sheet).toMatch(/^\/assets\/admin-.*\.css$/);
  const inlined = await page
    .locator("head style")
    .evaluateAll((styles) => Math.max(0, ...styles.map((style) => style.textContent?.length ?? 0)));
  expect(inlined).toBeLessThan(2_000);
  // View site is a client navigation: the public page keeps the admin's sheet and is styled.
  await page.getByRole("banner").getByRole("link", { name: "View site" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner")).toHaveCSS("position", "fixed");
  await expect(page.locator("head link[data-kept-stylesheet]")).toHaveCount(1);
});

test.describe("without JavaScript at 375 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test("the menu opens, and so does its Services list", async ({ page }) => {
    await page.goto("/about");
    const panel = page.getByRole("navigation", { name: "Mobile" });
    await expect(panel).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
    await expect(panel.getByRole("link", { name: "View All Services" })).toBeHidden();
    await panel.getByText("Services", { exact: true }).click();
    await expect(panel.getByRole("link", { name: "View All Services" })).toBeVisible();
    await panel.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
