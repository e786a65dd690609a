// The site time zone in Chromium, as the owner uses it: choose Europe/Berlin in Settings (found by
// searching), see the schedule picker and the article list in Berlin time whatever the browser's
// zone is, schedule an article a minute ahead in that zone, and find it in Activity, by
// "schedule" and with its title, once it went live by itself. Settings passes axe at both widths.
import { expect } from "@playwright/test";
import { article } from "../support/publications";
import { getToast } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const zone = "Europe/Berlin";

/** "2030-01-15T09:00": the wall clock in Berlin at that time, as the picker takes it. */
function toBerlinInput(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

test("the site time zone is set in Settings and used by the schedule, the lists and Activity", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInWithSessionCookie(context, baseURL);
  const stamp = Date.now();
  const created: string[] = [];
  const create = async (overrides: Parameters<typeof article>[0]) => {
    const response = await context.request.post(`${baseURL}/api/admin/articles`, {
      data: article(overrides),
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push(overrides?.slug ?? "");
  };

  await page.goto("/admin/settings");
  const select = page.getByLabel("Site time zone", { exact: true });
  const original = await select.inputValue();
  try {
    // Found by searching, saved with a toast.
    await page.getByLabel("Find a time zone", { exact: true }).fill("Berlin");
    await expect(select.locator("option", { hasText: zone })).toHaveCount(1);
    await select.selectOption(zone);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(getToast(page, "Settings Saved")).toBeVisible();
    await expect(getToast(page, `Times are now shown in ${zone}`)).toBeVisible();

    // A schedule stored as 08:00 UTC in January is 09:00 in Berlin, in the picker and the list.
    const later = `later-in-berlin-${stamp}`;
    await create({
      slug: later,
      title: `Later In Berlin ${stamp}`,
      status: "scheduled",
      publishAt: "2030-01-15T08:00:00.000Z",
    });
    await page.goto(`/admin/articles/${later}`);
    await expect(page.getByLabel("Publish on", { exact: true })).toHaveValue("2030-01-15T09:00");
    await expect(page.getByText(`Site time zone: ${zone} (GMT+1)`)).toBeVisible();
    await page.goto("/admin/articles");
    await expect(
      page.getByRole("listitem").filter({ hasText: `Later In Berlin ${stamp}` }),
    ).toContainText("Publishes Jan 15, 2030, 9:00 AM GMT+1");

    // Scheduled in the picker, in Berlin time, at the next full minute at least 20 s ahead (time
    // to save it): it goes live by itself and Activity records it once, by the schedule, with its
    // title.
    const soon = `goes-live-${stamp}`;
    const title = `Goes Live On Schedule ${stamp}`;
    await create({ slug: soon, title, status: "draft" });
    await page.goto(`/admin/articles/${soon}`);
    const at = new Date(Date.now() + 20_000);
    at.setUTCSeconds(60, 0);
    await page.getByRole("radio", { name: /Scheduled/ }).check();
    await page.getByLabel("Publish on", { exact: true }).fill(toBerlinInput(at));
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(getToast(page, "Scheduled")).toBeVisible();

    // Watched through the page's HTML, then looked at once: an admin page load every three
    // seconds for a minute was most of the CPU this wait used.
    const activity = "/admin/activity?action=publish-on-schedule";
    await expect
      .poll(async () => (await context.request.get(`${baseURL}${activity}`)).text(), {
        timeout: at.getTime() - Date.now() + 45_000,
        intervals: [3_000],
      })
      .toContain(title);
    await page.goto(activity);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Published on schedule");
    await expect(row).toContainText("schedule");
    await expect(row).toContainText(`article ${soon}`);
    await expect(row).toContainText(/GMT\+[12]/);
  } finally {
    for (const slug of created) {
      await context.request.delete(`${baseURL}/api/admin/articles/${slug}`, {
        headers: { origin: baseURL },
      });
    }
    // The other specs schedule in the browser's zone (the server's): put it back.
    await page.goto("/admin/settings");
    await page.getByLabel("Site time zone", { exact: true }).selectOption(original);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(getToast(page, "Settings Saved")).toBeVisible();
  }
});

test("Settings passes axe at 1280 and 375 px", async ({ page, context }) => {
  await signInWithSessionCookie(context, baseURL);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
});
