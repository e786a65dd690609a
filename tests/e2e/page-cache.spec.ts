// Revalidated pages in a real browser: a page visited again is answered 304 (the browser reuses
// its stored copy), and that copy still runs its scripts: its CSP nonce and policy go together.
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./hydration";

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
