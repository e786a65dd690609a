// The newsletter as the owner sends it, in Chromium at a phone width: write one in
// the writer's desk editor, preview it, send a test copy to oneself, send it to the confirmed
// subscribers and watch the results. A site of its own, with a real SMTP server in the test.
import { expect } from "@playwright/test";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite } from "../support/mail-site";
import { addConfirmedSubscribers, getRecipient, readMail } from "../support/newsletter";
import type { TestSmtpServer } from "../support/smtp";
import { testAdmin } from "../support/test-site";
import { getRichText } from "./admin-helpers";
import { expectNoSeriousA11yViolations } from "./fixtures";
import type { TestSite } from "./isolated-site";
import { test } from "./test";

let mailSite: MailSite;
let smtp: TestSmtpServer;
let site: TestSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  mailSite = await startMailSite(await sqlite.create(), {
    MAIL_FROM: "news@clearline.example",
    NEWSLETTER_RATE: "100000",
  });
  ({ site, smtp } = mailSite);
});

test.afterAll(async () => {
  await mailSite?.close();
});

// One width, the phone's, where the editor and its Preview dialog are tightest; the Newsletter
// screen at 1280 px is walked and checked by admin-workspace.
const width = 375;
test(`at ${width} px: write, preview, test-send and send a newsletter, then read its results`, async ({
  page,
}) => {
  // Writes, previews and sends through a real SMTP server: slow when the whole suite runs.
  test.setTimeout(90_000);
  await page.setViewportSize({ width, height: 900 });
  await site.services.db.deleteFrom("newsletter_subscriptions").execute();
  const readers = await addConfirmedSubscribers(site.services.db, 3, `e2e-${width}`);
  smtp.received.length = 0;
  const login = await page.request.post(`${site.url}/api/admin/login`, {
    data: testAdmin,
    headers: { origin: site.url },
  });
  expect(login.status()).toBe(200);

  await page.goto(`${site.url}/admin/newsletter`);
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`newsletters-${width}.png`) });
  await page.getByRole("button", { name: "New newsletter" }).click();
  await expect(page.getByRole("heading", { name: "New newsletter", level: 1 })).toBeVisible();

  const subject = `Cloud costs, tamed (${width})`;
  await page.getByLabel("Subject").fill(subject);
  const body = getRichText(page, "Newsletter text");
  await body.click();
  await body.pressSequentially("Three ways to cut your cloud bill this quarter.");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "Preview" });
  await expect(preview).toBeVisible();
  const frame = page.frameLocator('iframe[title="Newsletter preview"]');
  await expect(frame.getByRole("heading", { name: subject })).toBeVisible();
  await expect(frame.getByText("Three ways to cut your cloud bill")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "iframe");
  await page.screenshot({ path: test.info().outputPath(`preview-${width}.png`) });
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText(`A test copy is on its way to ${testAdmin.email}.`)).toBeVisible();
  // Other mail (the new-browser notice of the sign-in) may arrive too: copies are told by subject.
  const copiesOf = (subjectLine: string) =>
    smtp.received.map(readMail).filter((mail) => mail.includes(`\nSubject: ${subjectLine}`));
  await expect.poll(() => copiesOf(`[Test] ${subject}`).length).toBe(1);
  const testCopy = copiesOf(`[Test] ${subject}`)[0] ?? "";
  expect(getRecipient(testCopy)).toBe(testAdmin.email);
  expect(testCopy).toContain(`Subject: [Test] ${subject}`);

  await page.getByRole("button", { name: "Send to 3 subscribers" }).click();
  const confirm = page.getByRole("alertdialog", {
    name: "Send this newsletter to 3 subscribers?",
  });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("3 of 3 copies sent")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "iframe");
  await page.screenshot({ path: test.info().outputPath(`results-${width}.png`), fullPage: true });
  const sent = copiesOf(subject).map(getRecipient);
  expect(sent.sort()).toEqual([...readers].sort());

  await page.goto(`${site.url}/admin/newsletter`);
  await expect(page.getByRole("link", { name: subject })).toBeVisible();
  await expect(page.getByText("3 of 3 sent · 0 unsubscribed since").first()).toBeVisible();
});
