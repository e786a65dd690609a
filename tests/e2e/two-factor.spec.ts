// Two-factor sign-in (issue 20) in Chromium at a desktop width, on a site of its own
// (the shared e2e admin must keep signing in with a password alone): turn on the authenticator
// app from the code computed from the key the screen shows, sign out, sign in with password and
// code (a wrong code refused), a recovery code taken once, then a passkey registered with
// Chromium's virtual authenticator and used to sign in alone. The site is opened as localhost:
// WebAuthn refuses an IP address as the relying party.
import { expect, type Page } from "@playwright/test";
import { createAdmin } from "../../app/features/admin/admins/admins.server";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite } from "../support/test-site";
import { computeTotp } from "../support/two-factor";
import { getToast } from "./admin-helpers";
import { expectNoSeriousA11yViolations } from "./fixtures";
import type { TestSite } from "./isolated-site";
import { test } from "./test";

let site: TestSite;
let siteUrl: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  site = await startTestSite(await sqlite.create());
  siteUrl = site.url.replace("127.0.0.1", "localhost");
});

test.afterAll(async () => {
  await site?.close();
});

async function signInWithPassword(page: Page, admin: { email: string; password: string }) {
  await page.context().clearCookies();
  await page.goto(`${siteUrl}/admin/login`);
  await page.getByLabel("Email Address").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Records every toast the page shows in sessionStorage, which outlives the full navigation that
 * follows "Login Successful": that toast is on screen for half a second only, less than the gap
 * between two of Playwright's polls on a loaded machine.
 */
function recordToasts() {
  const seen = () => sessionStorage.getItem("e2e-toasts") ?? "";
  new MutationObserver(() => {
    // The list getToast reads: the Notifications region's items.
    for (const item of document.querySelectorAll(
      '[role="region"][aria-label^="Notifications"] li',
    )) {
      const text = item.textContent ?? "";
      if (text && !seen().includes(text))
        sessionStorage.setItem("e2e-toasts", `${seen()}\n${text}`);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/working-editor$/);
  const toasts = await page.evaluate(() => sessionStorage.getItem("e2e-toasts") ?? "");
  expect(toasts).toContain("Login Successful");
  await page.evaluate(() => sessionStorage.removeItem("e2e-toasts"));
}

// One width: the Security screen at 375 px is walked and checked by admin-workspace.
const width = 1280;
test(`at ${width} px: authenticator app, recovery codes and a passkey`, async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript(recordToasts);
  const admin = { email: `admin-${width}@example.com`, password: "a long password for tests" };
  await createAdmin(site.services.db, admin);

  // Set up the authenticator app on the Security screen.
  await signInWithPassword(page, admin);
  await expectSignedIn(page);
  await page.goto(`${siteUrl}/admin/security`);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is off" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replaceAll(" ", "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("6-digit code").fill(computeTotp(secret));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Signed out, the password alone no longer signs in: a wrong code is refused, a right one works.
  await signInWithPassword(page, admin);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(getToast(page, "Login Failed")).toContainText("That code is not right");
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
  // The set-up took this step's code: the next step's is new (one step of drift is allowed).
  await page.getByLabel("Authentication code").fill(computeTotp(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectSignedIn(page);

  // A recovery code signs in once.
  const [recoveryCode] = recoveryCodes;
  for (const expected of ["works", "refused"]) {
    await signInWithPassword(page, admin);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCode ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    if (expected === "works") await expectSignedIn(page);
    else await expect(getToast(page, "Login Failed")).toBeVisible();
  }

  // A passkey from Chromium's virtual authenticator: added while signed in, then used alone.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  // Still at the second step, on the recovery code: the next code finishes this sign-in.
  await page.getByLabel("Recovery code").fill(recoveryCodes[1] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expectSignedIn(page);
  await page.goto(`${siteUrl}/admin/security`);
  await page.getByLabel("Passkey name").fill("Test laptop");
  await page.getByLabel("Your password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(getToast(page, "Passkey Added")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  await expectNoSeriousA11yViolations(page);

  await page.context().clearCookies();
  await page.goto(`${siteUrl}/admin/login`);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expectSignedIn(page);
  await page.goto(`${siteUrl}/admin/security`);
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("last used");

  // The Settings screen's requirement, switched on and off again.
  await page.goto(`${siteUrl}/admin/settings`);
  await page.getByRole("button", { name: "Require two-factor", exact: true }).click();
  await expect(page.getByRole("button", { name: "Stop requiring two-factor" })).toBeVisible();
  await expect(page.getByText("Every admin now needs two-factor sign-in.").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Stop requiring two-factor" }).click();
  await expect(page.getByRole("button", { name: "Require two-factor", exact: true })).toBeVisible();
});
