// Scheduling a newsletter as the owner does it, in Chromium at a phone's and a desk's width: a
// passed time refused at the field, a draft scheduled in the site's time zone, moved, taken back to
// a draft and scheduled again; the list shows it with its time, and bounced addresses apart.
import { expect } from "@playwright/test";
import { formatTime, toZonedInput } from "~/platform/format-time";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite } from "../support/mail-site";
import { addConfirmedSubscribers } from "../support/newsletter";
import { testAdmin } from "../support/test-site";
import { getRichText } from "./admin-helpers";
import { expectNoSeriousA11yViolations } from "./fixtures";
import type { TestSite } from "./isolated-site";
import { test } from "./test";

let mailSite: MailSite;
let site: TestSite;
const timeZone = "Europe/Berlin";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  mailSite = await startMailSite(await sqlite.create(), { MAIL_FROM: "news@clearline.example" });
  ({ site } = mailSite);
  await site.services.db
    .insertInto("site_settings")
    .values({ name: "time_zone", value: timeZone, updated_at: new Date().toISOString() })
    .execute();
  await addConfirmedSubscribers(site.services.db, 2, "e2e-schedule");
  await site.services.db
    .insertInto("newsletter_subscriptions")
    .values({
      email: "gone@example.net",
      unsubscribe_token: "e2e-bounced-token-0000000000000000",
      created_at: new Date().toISOString(),
      ip_hash: "test",
      state: "bounced",
      bounced_at: new Date().toISOString(),
      bounce_reply: "550 5.1.1 <gone@example.net>: Recipient address rejected: User unknown",
    })
    .execute();
});

test.afterAll(async () => {
  await mailSite?.close();
});

/** A whole hour `days` days from now, as the schedule field holds it in the site's zone. */
function daysAhead(days: number, hour: number): { local: string; iso: string } {
  const at = new Date(Date.now() + days * 24 * 60 * 60_000);
  at.setUTCHours(hour, 0, 0, 0);
  return { local: toZonedInput(at.toISOString(), timeZone), iso: at.toISOString() };
}

for (const width of [375, 1280]) {
  test(`at ${width} px: schedule a newsletter, move it, take it back, and see it listed`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const login = await page.request.post(`${site.url}/api/admin/login`, {
      data: testAdmin,
      headers: { origin: site.url },
    });
    expect(login.status()).toBe(200);

    await page.goto(`${site.url}/admin/newsletter`);
    await page.getByRole("button", { name: "New newsletter" }).click();
    await expect(page.getByRole("heading", { name: "New newsletter", level: 1 })).toBeVisible();
    const subject = `Tuesday digest (${width})`;
    await page.getByLabel("Subject").fill(subject);
    const body = getRichText(page, "Newsletter text");
    await body.click();
    await body.pressSequentially("What changed this week.");

    const sendOn = page.getByLabel("Send on");
    await expect(sendOn).toBeEnabled();
    // The field proposes the next full hour; the zone is named under it.
    await expect(sendOn).not.toHaveValue("");
    await expect(page.getByText(/Site time zone: Europe\/Berlin/)).toBeVisible();
    await sendOn.fill(toZonedInput(new Date(Date.now() - 2 * 60 * 60_000).toISOString(), timeZone));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(
      page.getByText("That time has already passed. Choose a time in the future"),
    ).toBeVisible();
    await expect(sendOn).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`schedule-refused-${width}.png`) });

    const first = daysAhead(2, 8);
    await sendOn.fill(first.local);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const goesOut = page.getByText(`Goes out ${formatTime(first.iso, timeZone)}`, { exact: true });
    await expect(goesOut).toBeVisible();
    await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "iframe");
    await page.screenshot({
      path: test.info().outputPath(`scheduled-${width}.png`),
      fullPage: true,
    });

    const second = daysAhead(3, 15);
    await page.getByLabel("New time").fill(second.local);
    await page.getByRole("button", { name: "Reschedule" }).click();
    await expect(
      page.getByText(`Rescheduled for ${formatTime(second.iso, timeZone)}.`),
    ).toBeVisible();
    await expect(
      page.getByText(`Goes out ${formatTime(second.iso, timeZone)}`, { exact: true }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Back to draft" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancel the schedule?" });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Back to draft" }).click();
    await expect(page.getByLabel("Subject")).toHaveValue(subject);
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();

    await page.getByLabel("Send on").fill(first.local);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(goesOut).toBeVisible();

    await page.goto(`${site.url}/admin/newsletter`);
    const item = page.getByRole("listitem").filter({ hasText: subject });
    await expect(item.getByText(`Scheduled for ${formatTime(first.iso, timeZone)}`)).toBeVisible();
    const bounced = page.getByRole("region", { name: /Bounced addresses/ });
    await expect(bounced.getByText("gone@example.net", { exact: true })).toBeVisible();
    await expect(bounced.getByText(/Recipient address rejected/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`list-${width}.png`), fullPage: true });
  });
}
