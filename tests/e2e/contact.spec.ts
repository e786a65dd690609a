// The contact page (spec sections 2, 4, 5, 8): content, cards, the form with and without
// JavaScript, every message and toast, and the accessibility of it all.
import { expect } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { baseURL, expectNoSeriousA11yViolations, openE2eDatabase } from "./fixtures";
import { getToastRegion, getUniqueEmail, useOwnAddress, waitPastFillTime } from "./leads-helpers";
import { test } from "./test";

const contact = defaultContent.contact;
const minimumFillMs = 3000;

test.beforeEach(async ({ context }, testInfo) => {
  await useOwnAddress(context, testInfo);
});

async function findMessages(email: string) {
  const db = openE2eDatabase();
  try {
    return await db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
  } finally {
    await db.destroy();
  }
}

test.describe("the contact page", () => {
  test("shows the heading, description, form and the Get in Touch and Business Hours cards from content", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle(/^Contact Us\b/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.heading);
    await expect(page.getByText(contact.description)).toBeVisible();
    const form = page.getByRole("form", { name: contact.formHeading });
    await expect(form.getByRole("heading", { name: contact.formHeading })).toBeVisible();
    for (const label of ["Name", "Email", "Phone (optional)", "Company (optional)", "Message"]) {
      await expect(form.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(form.getByRole("button", { name: contact.formSubmitText })).toBeEnabled();

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Get in Touch", level: 2 })).toBeVisible();
    await expect(main.getByRole("link", { name: contact.email })).toHaveAttribute(
      "href",
      `mailto:${contact.email}`,
    );
    await expect(main.getByRole("link", { name: contact.phone })).toHaveAttribute(
      "href",
      "tel:15125550147",
    );
    await expect(main.getByText(contact.address)).toBeVisible();
    const profile = main.getByRole("link", { name: /LinkedIn/ });
    await expect(profile).toHaveAttribute("href", defaultContent.navigation.profiles[0]?.url ?? "");
    await expect(profile).toHaveAttribute("target", "_blank");

    const hours = main.getByRole("heading", { name: "Business Hours" }).locator("xpath=../..");
    for (const entry of contact.hours) {
      await expect(hours.getByText(entry.days)).toBeVisible();
      await expect(hours.getByText(entry.hours)).toBeVisible();
    }
    await expect(hours.getByText("Monday - Friday")).toBeVisible();
    await expect(hours.getByText("9:00 AM - 6:00 PM")).toBeVisible();
    await expect(hours.getByText("By appointment")).toBeVisible();
    await expect(hours.getByText("Closed")).toBeVisible();
  });

  test("has no serious accessibility problems on a phone, with the form's errors showing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/contact");
    await page.getByRole("button", { name: contact.formSubmitText }).click();
    await expect(
      page.getByText("Name must be at least 2 characters", { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the contact form with JavaScript", () => {
  test("checks the fields before sending, with the spec's messages, tied to their fields for screen readers", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) posts.push(request.method());
    });
    await page.goto("/contact");
    const form = page.getByRole("form", { name: contact.formHeading });
    await form.getByLabel("Name").fill("A");
    await form.getByLabel("Email", { exact: true }).fill("not-an-email");
    await form.getByLabel("Message").fill("Too short");
    await form.getByRole("button", { name: contact.formSubmitText }).click();

    const name = form.getByLabel("Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Name must be at least 2 characters");
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription(
      "Message must be at least 10 characters",
    );
    await expect(form.getByLabel("Phone (optional)")).not.toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    // The messages are also read out through a live region.
    await expect(form.locator("[aria-live=polite]")).toContainText(
      "Name must be at least 2 characters",
    );

    // Correcting a field clears its message as the visitor types.
    await name.fill("Al");
    await expect(form.getByText("Name must be at least 2 characters")).toHaveCount(0);
    await expect(
      form.getByText("Message must be at least 10 characters", { exact: true }),
    ).toBeVisible();
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
  });

  test("sends a message: 'Sending...' and disabled while pending, then the 'Message sent' toast and an empty form", async ({
    page,
  }) => {
    const email = getUniqueEmail("contact-js");
    await page.goto("/contact");
    const form = page.getByRole("form", { name: contact.formHeading });
    await form.getByLabel("Name").fill("Jordan Miles");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Phone (optional)").fill("(512) 555-0199");
    await form.getByLabel("Company (optional)").fill("Miles Logistics");
    await form
      .getByLabel("Message")
      .fill("We are opening a second office and need a network plan.");
    await waitPastFillTime(form, minimumFillMs);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    const button = form.getByRole("button", { name: contact.formSubmitText });
    await button.click();
    const pending = form.getByRole("button", { name: "Sending..." });
    await expect(pending).toBeDisabled();
    release();

    const toast = getToastRegion(page);
    await expect(toast.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(
      toast.getByText("Thank you for contacting us. We'll be in touch soon!"),
    ).toBeVisible();
    await expect(form.getByRole("button", { name: contact.formSubmitText })).toBeEnabled();
    for (const label of ["Name", "Phone (optional)", "Company (optional)", "Message"]) {
      await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
    }
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue("");

    const stored = await findMessages(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Jordan Miles",
      phone: "(512) 555-0199",
      company: "Miles Logistics",
      message: "We are opening a second office and need a network plan.",
    });
  });

  test("shows the server's message in an 'Error' toast, as for too many messages from one address", async ({
    page,
  }) => {
    await page.goto("/contact");
    // Five messages use up this address's allowance.
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post("/api/contact", {
        headers: { origin: baseURL },
        data: {
          name: "Rate Tester",
          email: getUniqueEmail("rate"),
          message: "Filling up the allowance for this address.",
        },
      });
      expect(response.status()).toBe(201);
    }
    const form = page.getByRole("form", { name: contact.formHeading });
    await form.getByLabel("Name").fill("Late Sender");
    await form.getByLabel("Email", { exact: true }).fill(getUniqueEmail("late"));
    await form.getByLabel("Message").fill("Is anyone there? I have a question.");
    await form.getByRole("button", { name: contact.formSubmitText }).click();
    const toast = getToastRegion(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(
      toast.getByText(
        /^Too many messages have been sent from your network\. Please try again in \d+ minutes?\.$/,
      ),
    ).toBeVisible();
    // The visitor's text stays for a later try.
    await expect(form.getByLabel("Message")).toHaveValue("Is anyone there? I have a question.");
  });

  test("says 'Failed to send message' when a failed answer carries no message", async ({
    page,
  }) => {
    await page.route("**/api/contact", (route) => route.fulfill({ status: 502, body: "" }));
    await page.goto("/contact");
    const form = page.getByRole("form", { name: contact.formHeading });
    await form.getByLabel("Name").fill("Pat Doe");
    await form.getByLabel("Email", { exact: true }).fill("pat@example.com");
    await form.getByLabel("Message").fill("Testing what happens when it fails.");
    await form.getByRole("button", { name: contact.formSubmitText }).click();
    const toast = getToastRegion(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("Failed to send message", { exact: true })).toBeVisible();
  });

  test("says 'Failed to send message. Please try again.' when the network fails", async ({
    page,
  }) => {
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await page.goto("/contact");
    const form = page.getByRole("form", { name: contact.formHeading });
    await form.getByLabel("Name").fill("Pat Doe");
    await form.getByLabel("Email", { exact: true }).fill("pat@example.com");
    await form.getByLabel("Message").fill("Testing what happens offline.");
    await form.getByRole("button", { name: contact.formSubmitText }).click();
    await expect(
      getToastRegion(page).getByText("Failed to send message. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByRole("button", { name: contact.formSubmitText })).toBeEnabled();
    await expect(form.getByLabel("Name")).toHaveValue("Pat Doe");
  });
});

test.describe("the contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server shows the same messages, keeps what was typed, then sends a valid message", async ({
    page,
  }) => {
    const email = getUniqueEmail("contact-nojs");
    await page.goto("/contact");
    let form = page.getByRole("form", { name: contact.formHeading });
    await form.getByLabel("Name").fill("B");
    await form.getByLabel("Email", { exact: true }).fill("bad-address");
    await form.getByLabel("Company (optional)").fill("Bee Co");
    await form.getByLabel("Message").fill("Short");
    await form.getByRole("button", { name: contact.formSubmitText }).click();

    await expect(page).toHaveURL(/\/contact$/);
    form = page.getByRole("form", { name: contact.formHeading });
    await expect(form.getByLabel("Name")).toHaveAccessibleDescription(
      "Name must be at least 2 characters",
    );
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription(
      "Message must be at least 10 characters",
    );
    await expect(form.getByLabel("Name")).toBeFocused();
    await expect(form.getByLabel("Company (optional)")).toHaveValue("Bee Co");

    await form.getByLabel("Name").fill("Bea Stone");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Message").fill("Please send me your managed IT pricing.");
    await waitPastFillTime(form, minimumFillMs);
    await form.getByRole("button", { name: contact.formSubmitText }).click();

    form = page.getByRole("form", { name: contact.formHeading });
    const notice = form.getByRole("status");
    await expect(notice).toContainText("Message sent");
    await expect(notice).toContainText("Thank you for contacting us. We'll be in touch soon!");
    await expect(form.getByLabel("Name")).toHaveValue("");
    expect(await findMessages(email)).toHaveLength(1);
  });
});

test.describe("a built page's contact block", () => {
  for (const width of [1280, 375]) {
    test(`shows the owner's heading only, naming its form, at ${width} px`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/careers");
      const heading = page.getByRole("heading", { name: "Tell Us About Yourself", level: 2 });
      await expect(heading).toBeVisible();
      const form = page.getByRole("form", { name: "Tell Us About Yourself" });
      await expect(form).toBeVisible();
      // The form's own heading stays on the contact page, not under the block's.
      await expect(page.getByRole("heading", { name: contact.formHeading })).toHaveCount(0);
      await expect(form.getByRole("heading")).toHaveCount(0);
      await form.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`careers-contact-${width}.png`) });
    });
  }
});
