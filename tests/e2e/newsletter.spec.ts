// The newsletter field in the footer (spec sections 2, 4, 5, 8) with and without JavaScript, the
// /newsletter page it posts to without JavaScript, and unsubscribing by link.
import { expect, type Page } from "@playwright/test";
import { baseURL, expectNoSeriousA11yViolations, openE2eDatabase } from "./fixtures";
import { getToastRegion, getUniqueEmail, useOwnAddress, waitPastFillTime } from "./leads-helpers";
import { test } from "./test";

const minimumFillMs = 2000;

test.beforeEach(async ({ context }, testInfo) => {
  await useOwnAddress(context, testInfo);
});

function getFooterForm(page: Page) {
  const footer = page.getByRole("contentinfo");
  return {
    form: footer.locator("form"),
    email: footer.getByRole("textbox", { name: "Email address" }),
    button: footer.getByRole("button", { name: /^Subscrib/ }),
  };
}

async function findSubscription(email: string) {
  const db = openE2eDatabase();
  try {
    return await db
      .selectFrom("newsletter_subscriptions")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

test.describe("the footer newsletter with JavaScript", () => {
  test("an empty email shows the 'Error' toast 'Please enter your email address' and sends nothing", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/newsletter")) posts.push(request.url());
    });
    await page.goto("/");
    const { button } = getFooterForm(page);
    await button.click();
    const toast = getToastRegion(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("Please enter your email address", { exact: true })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("the browser's own format check stops a malformed address", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/newsletter")) posts.push(request.url());
    });
    await page.goto("/");
    const { email, button } = getFooterForm(page);
    await email.fill("not-an-address");
    await button.click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
      true,
    );
    await expect(getToastRegion(page).getByText("Success")).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("subscribes: 'Subscribing...' and disabled while pending, then the 'Success' toast and a cleared field", async ({
    page,
  }) => {
    const address = getUniqueEmail("footer-js");
    await page.goto("/contact");
    const { form, email, button } = getFooterForm(page);
    await email.fill(address);
    await waitPastFillTime(form, minimumFillMs);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/newsletter", async (route) => {
      await held;
      await route.continue();
    });
    await button.click();
    await expect(button).toHaveText("Subscribing...");
    await expect(button).toBeDisabled();
    release();
    const toast = getToastRegion(page);
    await expect(toast.getByText("Success", { exact: true })).toBeVisible();
    await expect(
      toast.getByText("Thanks for subscribing to our newsletter!", { exact: true }),
    ).toBeVisible();
    await expect(email).toHaveValue("");
    await expect(button).toHaveText("Subscribe");
    await expect(button).toBeEnabled();
    expect(await findSubscription(address)).toBeTruthy();
  });

  test("shows the server's message in an 'Error' toast, as for too many sign-ups from one address", async ({
    page,
  }) => {
    await page.goto("/");
    for (let i = 0; i < 10; i++) {
      const response = await page.request.post("/api/newsletter", {
        headers: { origin: baseURL },
        data: { email: getUniqueEmail("burst") },
      });
      expect(response.status()).toBe(200);
    }
    const { email, button } = getFooterForm(page);
    await email.fill(getUniqueEmail("late"));
    await button.click();
    const toast = getToastRegion(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(
      toast.getByText(
        /^Too many sign-up attempts from your network\. Please try again in \d+ minutes?\.$/,
      ),
    ).toBeVisible();
  });

  test("says 'Failed to subscribe' when a failed answer carries no message", async ({ page }) => {
    await page.route("**/api/newsletter", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/");
    const { email, button } = getFooterForm(page);
    await email.fill("someone@example.com");
    await button.click();
    await expect(
      getToastRegion(page).getByText("Failed to subscribe", { exact: true }),
    ).toBeVisible();
    await expect(email).toHaveValue("someone@example.com");
  });

  test("says 'Failed to subscribe. Please try again.' when the network fails", async ({ page }) => {
    await page.route("**/api/newsletter", (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    const { email, button } = getFooterForm(page);
    await email.fill("someone@example.com");
    await button.click();
    await expect(
      getToastRegion(page).getByText("Failed to subscribe. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(button).toBeEnabled();
  });
});

test("the /newsletter page offers the sign-up on its own and passes axe", async ({ page }) => {
  await page.goto("/newsletter");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Email address" })).toHaveAttribute(
    "type",
    "email",
  );
  await expect(main.getByRole("button", { name: "Subscribe" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("the footer newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts to /newsletter, which shows the success message and links back to the page", async ({
    page,
  }) => {
    const address = getUniqueEmail("footer-nojs");
    await page.goto("/contact");
    const { form, email, button } = getFooterForm(page);
    await email.fill(address);
    await waitPastFillTime(form, minimumFillMs);
    await button.click();
    await expect(page).toHaveURL(/\/newsletter$/);
    const notice = page.getByRole("main").getByRole("status");
    await expect(notice).toContainText("Success");
    await expect(notice).toContainText("Thanks for subscribing to our newsletter!");
    expect(await findSubscription(address)).toBeTruthy();
    await page.getByRole("link", { name: "Back to the page you were reading" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("an empty email is answered with 'Please enter your email address'", async ({ page }) => {
    await page.goto("/");
    await getFooterForm(page).button.click();
    await expect(page).toHaveURL(/\/newsletter$/);
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("Error");
    await expect(alert).toContainText("Please enter your email address");
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
  });
});

test.describe("unsubscribing", () => {
  async function subscribe(page: Page, email: string): Promise<string> {
    const response = await page.request.post("/api/newsletter", {
      headers: { origin: baseURL },
      data: { email },
    });
    expect(response.status()).toBe(200);
    const row = await findSubscription(email);
    if (!row) throw new Error("subscription not stored");
    return row.unsubscribe_token;
  }

  test("the link asks for a click, then removes the subscription and says so; the used link is refused", async ({
    page,
  }) => {
    // Two axe runs on a machine shared by parallel workers.
    test.slow();
    const email = getUniqueEmail("leaving");
    const token = await subscribe(page, email);
    await page.goto(`/unsubscribe?token=${token}`);
    await expect(
      page.getByRole("heading", { name: "Unsubscribe from our newsletter" }),
    ).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Opening the link alone changes nothing.
    expect(await findSubscription(email)).toBeTruthy();

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
    await expect(page.getByText(`${email} will no longer receive our newsletter.`)).toBeVisible();
    expect(await findSubscription(email)).toBeUndefined();
    await expectNoSeriousA11yViolations(page);

    const again = await page.goto(`/unsubscribe?token=${token}`);
    expect(again?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "This unsubscribe link is not valid" }),
    ).toBeVisible();
  });

  test("an unknown link says it is not valid, how to be removed anyway, and passes axe", async ({
    page,
  }) => {
    const response = await page.goto("/unsubscribe?token=nothing-like-a-real-token");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "This unsubscribe link is not valid" }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /@/ })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the confirming click is a plain form post", async ({ page }) => {
      const email = getUniqueEmail("leaving-nojs");
      const token = await subscribe(page, email);
      await page.goto(`/unsubscribe?token=${token}`);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
      expect(await findSubscription(email)).toBeUndefined();
    });
  });
});
