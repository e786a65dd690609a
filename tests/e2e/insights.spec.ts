// Insights after a scripted visit, at a desktop and a phone width: a browser comes from a unique
// referrer with a unique campaign and navigates on the client; once the server has written its
// counts, the owner's Insights screen shows them, the chart has its text alternative and opens on
// the latest days on a phone, conversions are split by kind, axe is clean.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { waitForScriptedPageToHydrate } from "./hydration";
import { test } from "./test";

const tag = randomBytes(4).toString("hex");
const campaign = `e2e-spring-${tag}`;
const referrer = `e2e-${tag}.example`;
// A browser as people use it: the headless one names itself and is not counted, as a bot.
const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Tab/${tag}`;

const widths = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 812 },
] as const;

const tableOf = (page: Page, title: string) =>
  page.getByRole("table", { name: title, exact: true });

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const visitor = await browser.newContext({ userAgent, baseURL });
  const page = await visitor.newPage();
  await page.goto(`/services?utm_source=e2e&utm_medium=social&utm_campaign=${campaign}`, {
    referer: `https://www.${referrer}/post`,
  });
  await waitForScriptedPageToHydrate(page);
  // A client-side navigation: counted once, from its .data request.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About", exact: true })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await visitor.close();
});

for (const size of widths) {
  test(`at ${size.width} px the Insights screen shows the visit, with the chart's text alternative, and is axe clean`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithSessionCookie(context, baseURL);
    // The server writes its counts every 10 s: the screen shows them once it has.
    await expect(async () => {
      await page.goto("/admin/insights?period=7d");
      await expect(tableOf(page, "Campaigns").getByRole("rowheader")).toContainText([campaign], {
        timeout: 500,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const campaignRow = tableOf(page, "Campaigns").getByRole("row").filter({ hasText: campaign });
    await expect(campaignRow).toContainText("e2e / social");
    await expect(
      tableOf(page, "Referrers").getByRole("row").filter({ hasText: referrer }),
    ).toContainText("1");
    await expect(
      tableOf(page, "Top pages").getByRole("rowheader", { name: "/about" }),
    ).toBeVisible();
    const totals = page.getByRole("region", { name: "Totals" });
    await expect(totals.getByText("Visitors", { exact: true })).toBeVisible();

    // The chart: an image with a name and a description, and every day's figures as a table.
    const chart = page.getByRole("img", { name: /Page views \(bars\) and visitors \(line\)/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(/page views over 7 days/);
    await page.getByText("The chart's figures as a table").click();
    const figures = page.getByRole("table", { name: "Visitors and page views per day" });
    await expect(figures.getByRole("row")).toHaveCount(8);

    // Conversions by kind: under the total, and as a table of their own.
    await expect(totals.getByTestId("conversion-kinds").getByRole("listitem")).toContainText([
      "Messages",
      "Sign-ups",
      "Booking clicks",
    ]);
    await expect(tableOf(page, "Conversions by kind").getByRole("rowheader")).toContainText([
      "Contact messages",
      "Newsletter sign-ups",
      "Booking clicks",
    ]);

    // The chart opens on its latest day; on a phone its oldest are off to the left.
    const scroller = page.getByRole("region", { name: /^Chart, scrolls sideways/ });
    const labels = scroller.locator("svg text[text-anchor='middle']");
    const box = await scroller.boundingBox();
    const last = await labels.last().boundingBox();
    const first = await labels.first().boundingBox();
    if (!box || !last || !first) throw new Error("the chart is not drawn");
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(last.x).toBeGreaterThanOrEqual(box.x - 1);
    if (size.width === 375) expect(first.x + first.width).toBeLessThan(box.x);
    await page.screenshot({ path: `test-results/insights-${size.width}.png`, fullPage: true });

    // Each table downloads as CSV.
    const csv = await page.request.get(`/admin/insights/export.csv?table=campaigns&period=7d`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(`${campaign},`);

    await expectNoSeriousA11yViolations(page);
  });
}

test("a counted visit makes no request and gets no cookie beyond the page's own", async ({
  browser,
}) => {
  const visitor = await browser.newContext({ userAgent, baseURL });
  const page = await visitor.newPage();
  const requests: { url: URL; method: string }[] = [];
  const cookies: string[] = [];
  page.on("request", (request) =>
    requests.push({ url: new URL(request.url()), method: request.method() }),
  );
  page.on("response", async (response) => {
    const setCookie = await response.headerValue("set-cookie");
    if (setCookie) cookies.push(...setCookie.split("\n").map((line) => line.split("=")[0] ?? ""));
  });
  await page.goto(`/services?utm_source=e2e&utm_campaign=quiet-${tag}`);
  await waitForScriptedPageToHydrate(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About", exact: true })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await page.waitForLoadState("networkidle");
  await visitor.close();

  const origin = new URL(baseURL).origin;
  // Counting happens on the server: no script sends a beacon, to this site or any other.
  expect(requests.filter(({ url }) => url.origin !== origin).map(({ url }) => url.href)).toEqual(
    [],
  );
  expect(requests.filter(({ method }) => method !== "GET").map(({ url }) => url.pathname)).toEqual(
    [],
  );
  expect(
    requests.map(({ url }) => url.pathname).filter((path) => /^\/(api|booking\/go)\b/.test(path)),
  ).toEqual([]);
  // No visitor cookie: the only one a public page may set is the spam guard's form cookie.
  expect(cookies.filter((name) => !/^(__Host-)?form_shown$/.test(name))).toEqual([]);
});
