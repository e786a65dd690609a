// The admin's email flows in Chromium at a phone and a desktop width, on a site of its own with a
// real SMTP server in the test: forgot password, read the link from the mail, set a new password
// and sign in with it; invite an admin by email, accept in another browser and sign in as them.
// Every new screen is checked with axe.
import { type Browser, expect, type Page } from "@playwright/test";
import { createAdmin } from "~/features/admin/admins/admins.server";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite } from "../support/mail-site";
import { getMailHeader, getRecipient, readMail } from "../support/newsletter";
import type { TestSmtpServer } from "../support/smtp";
import { testAdmin } from "../support/test-site";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { waitForScriptedPageToHydrate } from "./hydration";
import type { TestSite } from "./isolated-site";
import { test } from "./test";

let mailSite: MailSite;
let smtp: TestSmtpServer;
let site: TestSite;

// Each test walks a whole flow through several screens, each checked with axe at its width.
test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  mailSite = await startMailSite(await sqlite.create(), {});
  ({ site, smtp } = mailSite);
});

test.afterAll(async () => {
  await mailSite?.close();
});

/** The path of the link in the one mail to `email` with that subject, once it has arrived. */
async function readLinkFromMail(email: string, subject: RegExp, path: string): Promise<string> {
  const find = () =>
    smtp.received
      .map(readMail)
      .find(
        (mail) =>
          getRecipient(mail) === email && subject.test(getMailHeader(mail, "Subject") ?? ""),
      );
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  const found = new RegExp(`https?://[^/\\s]+(${path}\\?token=[\\w-]{43})`).exec(find() ?? "")?.[1];
  if (!found) throw new Error(`No ${path} link in the mail to ${email}`);
  return `${site.url}${found}`;
}

async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/working-editor$/, { timeout: 10_000 });
}

async function openFreshPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

// Each flow at one width, the forgotten password at a phone's (where people reset one) and the
// invitation at a desktop's; every screen on the way is checked with axe at that width.
test("at 375 px: forgot password, the emailed link, a new password, sign in", async ({ page }) => {
  const width = 375;
  await page.setViewportSize({ width, height: 900 });
  const email = `forgetful-${width}@example.com`;
  await createAdmin(site.services.db, { email, password: "the forgotten one" });

  await page.goto(`${site.url}/admin/login`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(
    page.getByRole("heading", { name: "Forgot your password?", level: 1 }),
  ).toBeVisible();
  await checkScreen(page, `forgot-${width}`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible();
  await expect(
    page.getByText("If an account exists for that email, we've sent a link to reset its password."),
  ).toBeVisible();
  await checkScreen(page, `forgot-sent-${width}`);

  const link = await readLinkFromMail(email, /^Reset your password/, "/admin/reset-password");
  await page.goto(link);
  await expect(
    page.getByRole("heading", { name: "Choose a new password", level: 1 }),
  ).toBeVisible();
  await checkScreen(page, `reset-${width}`);
  // Two different passwords are refused at the second field.
  await page.getByLabel("New password", { exact: true }).fill("a fresh password");
  await page.getByLabel("New password again").fill("a fresh passw0rd");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords differ")).toBeVisible();
  await checkScreen(page, `reset-error-${width}`);
  await page.getByLabel("New password", { exact: true }).fill("a fresh password");
  await page.getByLabel("New password again").fill("a fresh password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(
    page.getByRole("heading", { name: "Your password was changed", level: 1 }),
  ).toBeVisible();
  await checkScreen(page, `reset-done-${width}`);

  await page.getByRole("link", { name: "Go to sign in" }).click();
  await signInWithForm(page, email, "a fresh password");

  // The link is spent: it says so, with a way to get a new one.
  await page.goto(link);
  await expect(
    page.getByRole("heading", { name: "This link has expired or was already used", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a new link" })).toBeVisible();
  await checkScreen(page, `reset-expired-${width}`);
});

test("at 1280 px: invite an admin by email, who accepts and signs in", async ({
  page,
  browser,
}) => {
  const width = 1280;
  await page.setViewportSize({ width, height: 900 });
  const login = await page.request.post(`${site.url}/api/admin/login`, {
    data: testAdmin,
    headers: { origin: site.url },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${site.url}/admin/admins`);
  await expect(page.getByRole("heading", { name: "Invite an admin" })).toBeVisible();
  const email = `invited-${width}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.locator("#invite-role").selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation is on its way to ${email}.`)).toBeVisible();
  const pending = page.getByRole("region", { name: "Pending invitations" });
  await expect(pending.getByText(email, { exact: true })).toBeVisible();
  await expect(pending.getByText(/Editor · Expires/).first()).toBeVisible();
  await checkScreen(page, `admins-invite-${width}`);

  const link = await readLinkFromMail(email, /^You're invited/, "/admin/accept-invite");
  const invitee = await openFreshPage(browser, width);
  await invitee.goto(link);
  await waitForScriptedPageToHydrate(invitee);
  await expect(
    invitee.getByRole("heading", { name: "Create your admin account", level: 1 }),
  ).toBeVisible();
  await expect(invitee.getByText(`You were invited to sign in as ${email}.`)).toBeVisible();
  await checkScreen(invitee, `accept-${width}`);
  await invitee.getByLabel("Password", { exact: true }).fill("my own password!");
  await invitee.getByLabel("Password again").fill("my own password!");
  await invitee.getByRole("button", { name: "Create account" }).click();
  await expect(
    invitee.getByRole("heading", { name: "Your account is ready", level: 1 }),
  ).toBeVisible();
  await checkScreen(invitee, `accept-done-${width}`);
  await invitee.getByRole("link", { name: "Go to sign in" }).click();
  await signInWithForm(invitee, email, "my own password!");

  // Invited as an editor: no Admins in the menu, and the server refuses Admins, the leads
  // export and the owner-only API alike.
  await expect(invitee.getByRole("link", { name: "Admins" })).toHaveCount(0);
  const admins = await invitee.goto(`${site.url}/admin/admins`);
  expect(admins?.status()).toBe(403);
  await expect(invitee.getByText("Only an owner can open this screen")).toBeVisible();
  const csv = await invitee.request.get(`${site.url}/admin/leads/subscribers.csv`);
  expect(csv.status()).toBe(403);
  const exported = await invitee.request.get(
    `${site.url}/admin/leads/contacts/export.json?email=someone%40example.com`,
  );
  expect(exported.status()).toBe(403);
  await invitee.context().close();

  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: email }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Pending invitations" })).toHaveCount(0);
});
