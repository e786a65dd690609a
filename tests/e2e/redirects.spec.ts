// The redirects screen in Chromium at phone and desktop widths, as the owner uses it: add a rule
// and see it answer (the campaign's query passed on, or left off when ticked), ask the tester
// where the address goes, import a small CSV (a bad line listed, the rest added), export the rules,
// turn a missing address into a redirect with "Redirect it", restore a deleted rule from the
// latest changes with the keyboard after a confirmation, and remove a renamed page's automatic
// redirect. Axe-clean.
import { readFile } from "node:fs/promises";
import { type BrowserContext, expect } from "@playwright/test";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { waitForHydration } from "./hydration";
import { test } from "./test";

// Headless Chromium says so in its user agent, and the missing-address log leaves bots out.
const visitor =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

/** What an address answers a visitor: its status and where it sends them. */
async function readAnswer(context: BrowserContext, path: string) {
  const response = await context.request.get(`${baseURL}${path}`, {
    maxRedirects: 0,
    headers: { "user-agent": visitor },
  });
  return { status: response.status(), location: response.headers().location };
}

test("redirects screen at 1280 px: add, test, import, redirect a missing address", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const width = 1280;
  await page.setViewportSize({ width, height: 900 });
  await signInWithSessionCookie(context, baseURL);
  const stamp = `${Date.now().toString(36)}-${width}`;
  const old = `/e2e-old-${stamp}`;
  const missing = `/e2e-missing-${stamp}`;
  const answerOf = (path: string) => readAnswer(context, path);

  await page.goto("/admin/redirects");
  await expect(page.getByRole("heading", { name: "Redirects", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add a rule.
  const ruleForm = page.locator("#rule-form");
  await ruleForm.getByLabel("Old address").fill(`${old}/`);
  await ruleForm.getByLabel("Goes to").fill("/contact");
  await ruleForm.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText(`Added: ${old} now answers 301 to /contact.`)).toBeVisible();
  expect(await answerOf(old)).toEqual({ status: 301, location: "/contact" });
  expect(await answerOf(`${old}?utm_source=news&utm_campaign=x`)).toEqual({
    status: 301,
    location: "/contact?utm_source=news&utm_campaign=x",
  });

  // A rule that leaves the query off, ticked on the form.
  const plain = `/e2e-plain-${stamp}`;
  await ruleForm.getByLabel("Old address").fill(plain);
  await ruleForm.getByLabel("Goes to").fill("/about");
  await ruleForm.getByRole("checkbox", { name: /Leave the query string off/ }).check();
  await ruleForm.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText(`Added: ${plain} now answers 301 to /about.`)).toBeVisible();
  expect(await answerOf(`${plain}?utm_source=news`)).toEqual({ status: 301, location: "/about" });

  // Test it.
  await page.getByLabel("Address", { exact: true }).fill(`${old}/`);
  await page.getByRole("button", { name: "Test" }).click();
  await expect(page.locator("output")).toContainText(`${old} answers 301 to /contact`);
  await expect(page.locator("output")).toContainText(`The rule ${old} → /contact (301)`);

  // Import a small CSV: two good lines, one refused.
  const csv = [
    "source,target,status",
    `/e2e-csv-a-${stamp},/services,301`,
    `/e2e-csv-b-${stamp},,410`,
    `/e2e-csv-c-${stamp},/e2e-csv-c-${stamp}/,301`,
  ].join("\n");
  await page.getByLabel("CSV file").setInputFiles({
    name: "redirects.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByLabel("Or paste its lines")).toHaveValue(csv);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("2 redirects imported; 1 line left out.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Lines left out" })).toContainText("Line 4:");
  expect(await answerOf(`/e2e-csv-a-${stamp}`)).toEqual({ status: 301, location: "/services" });
  expect((await answerOf(`/e2e-csv-b-${stamp}`)).status).toBe(410);
  await expect(page.getByRole("cell", { name: `/e2e-csv-a-${stamp}`, exact: true })).toBeVisible();

  // Export: the import's format, each rule as it is.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as CSV" }).click();
  const exported = await readFile((await (await download).path()) ?? "", "utf8");
  expect(exported.split("\r\n")[0]).toBe("source,target,status,match,query");
  expect(exported).toContain(`${old},/contact,301,exact,keep`);
  expect(exported).toContain(`${plain},/about,301,exact,drop`);
  expect(exported).toContain(`/e2e-csv-b-${stamp},,410,exact,keep`);

  // A missing address, redirected from the log.
  expect((await answerOf(missing)).status).toBe(404);
  expect((await answerOf(missing)).status).toBe(404);
  await page.goto("/admin/redirects");
  const entry = page
    .getByRole("list", { name: "Missing addresses" })
    .getByRole("listitem")
    .filter({ hasText: missing });
  await expect(entry).toContainText("2 visits");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `test-results/redirects-${width}.png`, fullPage: true });
  await entry.getByRole("link", { name: `Redirect it: ${missing}` }).click();
  await expect(ruleForm.getByLabel("Old address")).toHaveValue(missing);
  await ruleForm.getByLabel("Goes to").fill("/services");
  await ruleForm.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText(`Added: ${missing} now answers 301 to /services.`)).toBeVisible();
  expect(await answerOf(missing)).toEqual({ status: 301, location: "/services" });
  await expect(page.getByRole("link", { name: `Redirect it: ${missing}` })).toHaveCount(0);
});

// Each story at one width: the screen and its dialog pass axe at a desktop's above, at a phone's here.
test("redirects screen at 375 px: restore a deleted rule from the latest changes", async ({
  page,
  context,
}) => {
  const width = 375;
  await page.setViewportSize({ width, height: 900 });
  await signInWithSessionCookie(context, baseURL);
  const old = `/e2e-restore-${Date.now().toString(36)}-${width}`;
  const answerOf = (path: string) => readAnswer(context, path);

  await page.goto("/admin/redirects");
  await waitForHydration(page);
  const ruleForm = page.locator("#rule-form");
  await ruleForm.getByLabel("Old address").fill(old);
  await ruleForm.getByLabel("Goes to").fill("/about");
  await ruleForm.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText(`Added: ${old} now answers 301 to /about.`)).toBeVisible();
  await page.getByRole("button", { name: `Delete the redirect from ${old}` }).click();
  await expect(page.getByText(`The redirect from ${old} was deleted.`)).toBeVisible();
  expect((await answerOf(old)).status).toBe(404);

  const restore = page
    .getByRole("list", { name: "Latest changes" })
    .getByRole("button", { name: `Restore as before: Deleted ${old} → /about (301)` });
  await restore.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Restore the redirects as they were?" });
  await expect(dialog).toContainText(`The redirect will be ${old} → /about (301) again.`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Restore" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Restored: ${old} → /about (301).`)).toBeVisible();
  expect(await answerOf(old)).toEqual({ status: 301, location: "/about" });
  await expect(
    page
      .getByRole("list", { name: "Latest changes" })
      .getByRole("listitem")
      .filter({ hasText: `Restored ${old} → /about (301)` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .locator("#changes")
    .screenshot({ path: `test-results/redirects-restore-${width}.png` });
});

test("redirects screen at 375 px: a renamed page's automatic redirect is listed and removed", async ({
  page,
  context,
}) => {
  const width = 375;
  await page.setViewportSize({ width, height: 900 });
  await signInWithSessionCookie(context, baseURL);
  const slug = `e2e-auto-${Date.now().toString(36)}`;
  const body = {
    status: "published",
    publishAt: "",
    title: "Auto",
    blocks: [],
    seoDescription: "",
    // Kept out of the sitemaps, whose every page the SEO spec on this shared server checks.
    noindex: true,
  };
  const created = await context.request.post(`${baseURL}/api/admin/pages`, {
    data: { ...body, slug },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const renamed = await context.request.put(`${baseURL}/api/admin/pages/${slug}`, {
    data: { ...body, slug: `${slug}-new` },
    headers: { origin: baseURL, "if-match": created.headers().etag ?? "" },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  expect(await readAnswer(context, `/${slug}?utm_source=news`)).toEqual({
    status: 301,
    location: `/${slug}-new?utm_source=news`,
  });

  await page.goto("/admin/redirects");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: `/${slug}-new` });
  await expect(row).toContainText("Automatic");
  // The table scrolls in its card; the page itself stays a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `test-results/redirects-${width}.png`, fullPage: true });
  await row.getByRole("button", { name: `Remove the automatic redirect from /${slug}` }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Remove this automatic redirect?" });
  await expect(dialog).toContainText(`/${slug} will no longer lead to /${slug}-new`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`The automatic redirect from /${slug} was removed`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `/${slug}-new` })).toHaveCount(0);
  expect((await readAnswer(context, `/${slug}`)).status).toBe(404);
});

test("redirects screen at 375 px: the list pages and is searched with the keyboard", async ({
  page,
  context,
}) => {
  const width = 375;
  await page.setViewportSize({ width, height: 900 });
  await signInWithSessionCookie(context, baseURL);
  // Late in the alphabet, so the other stories' rules stay on the first page.
  const prefix = `/x-e2e-paged-${Date.now().toString(36)}`;
  const csv = [
    "source,target,status",
    ...Array.from({ length: 60 }, (_, n) => `${prefix}/${n},/about,301`),
  ].join("\n");
  await page.goto("/admin/redirects");
  await waitForHydration(page);
  await page.getByLabel("Or paste its lines").fill(csv);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("60 redirects imported.")).toBeVisible();

  await page.goto("/admin/redirects");
  await waitForHydration(page);
  const pager = page.getByRole("navigation", { name: "Redirect pages" });
  await expect(pager).toContainText(/Page 1 of \d+/);
  await pager.getByRole("link", { name: "Next page" }).focus();
  await page.keyboard.press("Enter");
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(pager.getByRole("link", { name: "Previous page" })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search the redirects" });
  await search.focus();
  await page.keyboard.type(`${prefix}/42`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row").filter({ hasText: `${prefix}/42` })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: `${prefix}/41` })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `test-results/redirects-paged-${width}.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/redirects?page=2");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/redirects-paged-1280.png", fullPage: true });
});
