// The admin login page, the editor's entry for visitors who are not signed in, and logout
// (spec sections 2, 4, 5 and 8), with and without JavaScript.
import { expect, type Page } from "@playwright/test";
import { createAdmin } from "../../app/features/admin/admins/admins.server";
import { getToast } from "./admin-helpers";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  holdRequests,
  openE2eDatabase,
  signInWithSessionCookie,
} from "./fixtures";
import { e2eAdmin } from "./state.ts";
import { test } from "./test";

/** Opens the login page and waits for it to hydrate (its password toggle appears then). */
async function openLoginPage(page: Page) {
  await page.goto("/admin/login");
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
}

test.describe("the login page", () => {
  test("shows the spec's texts and fields, with a password toggle, and passes axe", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await expect(page).toHaveTitle(/Admin Login/);
    await expect(page.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
    await expect(
      page.getByText("Sign in to manage your company website content", { exact: true }),
    ).toBeVisible();
    // Outside the site layout: no site header or footer.
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("link", { name: "← Back to website" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoSeriousA11yViolations(page);

    await password.fill("secret words");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("shows the validation messages in place", async ({ page }) => {
    await openLoginPage(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email Address")).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Email Address").fill("owner@");
    await page.getByLabel("Password", { exact: true }).fill("x");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toHaveCount(0);
  });

  test("a wrong password shows the Login Failed toast and stays on the page", async ({ page }) => {
    await openLoginPage(page);
    await page.getByLabel("Email Address").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const toast = getToast(page, "Login Failed");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("after 5 failures the account is locked, with a clear message, even for the right password", async ({
    page,
  }) => {
    const locked = { email: "locked-owner@example.com", password: "the right password 42" };
    const db = openE2eDatabase();
    try {
      await createAdmin(db, locked);
    } finally {
      await db.destroy();
    }
    await openLoginPage(page);
    await page.getByLabel("Email Address").fill(locked.email);
    const password = page.getByLabel("Password", { exact: true });
    const signIn = page.getByRole("button", { name: "Sign In" });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await password.fill(`wrong password ${attempt}`);
      await signIn.click();
      await expect(getToast(page, "Invalid email or password")).toBeVisible();
      await expect(signIn).toBeEnabled();
    }
    await password.fill("wrong password 5");
    await signIn.click();
    const lockedToast = getToast(page, "Login Failed");
    await expect(lockedToast).toContainText(
      "Too many failed sign-in attempts: this account is locked for your security. Please try again in 15 minutes.",
    );
    await password.fill(locked.password);
    await signIn.click();
    await expect(getToast(page, "locked for your security")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("success: Login Successful, then after half a second a full navigation to the editor", async ({
    page,
  }) => {
    await page.clock.install();
    await openLoginPage(page);
    await page.evaluate(() => {
      (window as { __loginPage?: boolean }).__loginPage = true;
    });
    // From here on the page's timers run only when the test moves its clock.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByLabel("Email Address").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    const toast = getToast(page, "Login Successful");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Redirecting to editor...");
    // The navigation waits for the spec's half second.
    await page.clock.runFor(400);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.clock.runFor(100);
    await page.waitForURL(/\/working-editor$/);
    // A full navigation: the login page's window is gone.
    expect(
      await page.evaluate(() => (window as { __loginPage?: boolean }).__loginPage),
    ).toBeUndefined();
    await expect(page.getByRole("heading", { name: "Content Editor" })).toBeVisible();
    // The spec's token rule: nothing is stored, as this server sends no token.
    expect(await page.evaluate(() => window.localStorage.getItem("admin_token"))).toBeNull();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "session")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });
  });
});

test.describe("Admin Tools after a real login", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile menu shows Admin Tools once logged in", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByText("Admin Tools")).toHaveCount(0);

    await openLoginPage(page);
    await page.getByLabel("Email Address").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/working-editor$/);

    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("navigation", { name: "Mobile" });
    await expect(panel.getByRole("heading", { name: "Admin Tools" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Content Manager" })).toHaveAttribute(
      "href",
      "/content",
    );
  });
});

test.describe("the editor for a visitor who is not signed in", () => {
  for (const path of ["/edit", "/admin", "/working-editor"]) {
    test(`${path} checks, shows nothing, warns and goes to the login after 1 second`, async ({
      page,
    }) => {
      // Hold the session check until the checking state has been seen.
      const releaseCheck = await holdRequests(page, "**/api/admin/session");
      // The page's timers run only when the test moves its clock.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.goto(path);
      await expect(page.getByText("Checking authentication...")).toBeVisible();
      releaseCheck();
      const toast = getToast(page, "Authentication Required");
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("Please log in to access the content editor.");
      await expect(page.locator("main")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Content Editor" })).toHaveCount(0);
      // The redirect waits for the spec's 1 second.
      await page.clock.runFor(900);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await page.clock.runFor(100);
      await page.waitForURL(/\/admin\/login$/);
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      // The warning stays readable on the login page.
      await expect(toast).toBeVisible();
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor sends a visitor to the login page, and the login form works", async ({
    page,
  }) => {
    await page.goto("/working-editor");
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    await page.getByLabel("Email Address").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email Address")).toHaveValue(e2eAdmin.email);

    await page.getByLabel("Password", { exact: true }).fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/working-editor$/);
    await expect(page.getByRole("heading", { name: "Content Editor" })).toBeVisible();
    await expect(page.getByLabel("Company Name")).toBeVisible();
  });
});

test.describe("logout", () => {
  test("ends the session, says Logged Out and goes to the login page", async ({
    page,
    context,
  }) => {
    await signInWithSessionCookie(context, baseURL);
    await page.goto("/working-editor");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(getToast(page, "Logged Out")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const session = await context.request.get(`${baseURL}/api/admin/session`);
    expect(await session.json()).toEqual({ isAuthenticated: false, admin: null });
    await page.goto("/working-editor");
    await expect(getToast(page, "Authentication Required")).toBeVisible();
    await page.waitForURL(/\/admin\/login$/);
  });

  test("Logout works without JavaScript, as before the page's scripts arrive", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await signInWithSessionCookie(context, baseURL);
      const page = await context.newPage();
      await page.goto("/admin/account");
      await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
      await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      const session = await context.request.get(`${baseURL}/api/admin/session`);
      expect(await session.json()).toEqual({ isAuthenticated: false, admin: null });
      // The ended session opens nothing, whatever cookie the browser still had.
      await page.goto("/admin/account");
      await expect(page).toHaveURL(/\/admin\/login/);
    } finally {
      await context.close();
    }
  });

  test("a failed logout says Logout Failed and keeps the editor", async ({ page, context }) => {
    await signInWithSessionCookie(context, baseURL);
    await page.goto("/working-editor");
    await expect(page.getByRole("heading", { name: "Content Editor" })).toBeVisible();
    await page.route("**/api/admin/logout", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Logout" }).click();
    const toast = getToast(page, "Logout Failed");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Could not reach the server");
    await expect(page).toHaveURL(/\/working-editor$/);
    const session = await context.request.get(`${baseURL}/api/admin/session`);
    expect(await session.json()).toMatchObject({ isAuthenticated: true });
  });
});
