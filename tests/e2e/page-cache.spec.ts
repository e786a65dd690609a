// Cached and revalidated pages in a real browser: a page visited again is answered 304 (the
// browser reuses its stored copy) and still runs its scripts; a page from the page cache runs its
// own scripts under its hash-based policy, and nothing injected into it runs.
import { expect } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { test } from "./test";

// What the browser keeps and revalidates is the subject: nothing cached by earlier tests.
test.use({ firstVisit: true });

test("a page revisited and answered 304 still hydrates and works", async ({ page, context }) => {
  test.slow();
  // The raw status of each document response, as the server sent it (the page sees the stored 200).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const documents = new Map<string, string>();
  const rawStatuses: Array<{ url: string; status: number }> = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Document") documents.set(event.requestId, event.request.url);
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    const url = documents.get(event.requestId);
    if (url) rawStatuses.push({ url: new URL(url).pathname, status: event.statusCode });
  });
  await page.addInitScript(() => {
    const record = window as unknown as { cspViolations: string[] };
    record.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      record.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.goto("/blog");
  await page.goto("/case-studies");
  await page.goto("/blog");
  await expect
    .poll(() => rawStatuses.filter((entry) => entry.url === "/blog").map((entry) => entry.status))
    .toEqual([200, 304]);

  await waitForHydration(page);
  const stories = page.getByRole("tab", { name: "Success Stories" });
  await stories.click();
  await expect(stories).toHaveAttribute("aria-selected", "true");
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await search.fill("turner");
  await expect(page).toHaveURL("/blog?q=turner");
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
});

test("a page from the page cache runs its own scripts and nothing else", async ({
  page,
  request,
}) => {
  test.slow();
  // Another client has the page rendered and kept first.
  const first = await request.get("/about");
  const policy = first.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  await page.addInitScript(() => {
    const record = window as unknown as { cspViolations: string[] };
    record.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      record.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto("/about");
  // The very copy the other client got: same policy, same ETag.
  expect(response?.headers()["content-security-policy"]).toBe(policy);
  expect(response?.headers().etag).toBe(first.headers().etag);
  await waitForHydration(page);
  // Hydrated and working: a client-side navigation through the header (route discovery and
  // page data fetched by the router, no full reload: the window keeps its marker).
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
  await page
    .getByRole("navigation")
    .getByRole("link", { name: "Contact", exact: true })
    .first()
    .click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(await violations()).toEqual([]);
  // A script put into the page by anything else is refused.
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((entry) => entry.startsWith("script-src"))).toBe(true);
});
