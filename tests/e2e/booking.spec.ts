// The booking page: its title, the three tabs (by mouse and keyboard), the 700 px calendar frame
// with its loading placeholder, the notice, the tiles and the footer block.
import { expect, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { toSlug } from "../../app/platform/slug";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { test } from "./test";

const { booking, services, contact, general } = defaultContent;
const notice = /enter your contact details manually in the "Add your details" section/;

// Stands in for the external calendar, which the test machine cannot reach.
const calendarPage =
  '<!doctype html><html lang="en"><title>Calendar</title><main><p>Pick a time</p></main></html>';

/** Holds the calendar's request until release() is called, then answers with a tiny page. */
async function holdCalendar(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`${booking.url}**`, async (route) => {
    await released;
    await route.fulfill({ contentType: "text/html", body: calendarPage });
  });
  return release;
}

test.describe("the booking page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("has a consultation-booking title and opens on Book Now", async ({ page }) => {
    await page.goto("/booking");
    await expect(page).toHaveTitle(`Book a Free Consultation | ${general.companyName}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(booking.heading);
    await expect(page.getByRole("tab", { name: "Book Now" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const panel = page.getByRole("tabpanel", { name: "Book Now" });
    await expect(panel.getByText(notice)).toBeVisible();
    for (const tile of ["30-Minute Session", "Expert Guidance", "Next Steps"]) {
      await expect(panel.getByRole("heading", { name: tile })).toBeVisible();
    }
  });

  test("shows a loading placeholder until the 700 px calendar frame has loaded", async ({
    page,
  }) => {
    const release = await holdCalendar(page);
    await page.goto("/booking");
    const placeholder = page
      .getByRole("status")
      .filter({ hasText: "Loading the booking calendar" });
    await expect(placeholder).toBeVisible();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("src", booking.url);
    await expect(frame).toHaveAttribute("title", /consultation/);
    expect((await frame.boundingBox())?.height).toBe(700);
    await page.waitForTimeout(300);
    await expect(placeholder).toBeVisible();

    release();
    await expect(placeholder).toBeHidden();
    await expect(page.frameLocator("iframe").getByText("Pick a time")).toBeVisible();
    expect((await frame.boundingBox())?.height).toBe(700);
    await expect(
      page.getByRole("link", { name: "Open the calendar in a new tab (opens in a new tab)" }),
    ).toHaveAttribute("href", "/booking/go");
  });

  test("Our Services shows a card per service and a button back to the calendar", async ({
    page,
  }) => {
    await page.goto("/booking");
    await page.getByRole("tab", { name: "Our Services" }).click();
    const panel = page.getByRole("tabpanel", { name: "Our Services" });
    await expect(panel.getByRole("heading", { level: 3 })).toHaveCount(services.items.length);
    for (const service of services.items) {
      await expect(panel.getByRole("heading", { name: service.title })).toBeVisible();
      await expect(
        panel.getByRole("link", { name: `Learn More about ${service.title}` }),
      ).toHaveAttribute("href", `/services/${toSlug(service.title)}`);
    }
    await expect(page.getByRole("tabpanel", { name: "Book Now" })).toBeHidden();

    await panel.getByRole("link", { name: "Book Your Consultation" }).click();
    const bookTab = page.getByRole("tab", { name: "Book Now" });
    await expect(bookTab).toHaveAttribute("aria-selected", "true");
    await expect(bookTab).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Book Now" })).toBeVisible();
    await expect(page).toHaveURL("/booking");
  });

  test("What to Expect lists format, topics and preparation, and Schedule Your Session goes back", async ({
    page,
  }) => {
    await page.goto("/booking");
    await page.getByRole("tab", { name: "What to Expect" }).click();
    const panel = page.getByRole("tabpanel", { name: "What to Expect" });
    for (const list of ["Consultation Format", "Discussion Topics", "How to Prepare"]) {
      const section = panel.getByRole("region", { name: list });
      await expect(section.getByRole("heading", { name: list })).toBeVisible();
      expect(await section.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    }
    await panel.getByRole("link", { name: "Schedule Your Session" }).click();
    await expect(page.getByRole("tab", { name: "Book Now" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("tabpanel", { name: "Book Now" }).getByText(notice)).toBeVisible();
  });

  test("the tabs work with the keyboard", async ({ page }) => {
    await page.goto("/booking");
    await page.getByRole("tab", { name: "Book Now" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Our Services" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("tabpanel", { name: "Our Services" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "What to Expect" })).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "What to Expect" })).toBeVisible();
    await page.keyboard.press("Home");
    await expect(page.getByRole("tab", { name: "Book Now" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "What to Expect" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("the footer block offers a call, an email and the contact page", async ({ page }) => {
    await page.goto("/booking");
    const block = page.getByRole("region", { name: "Have Questions Before You Book?" });
    await expect(block.getByRole("link", { name: `Call ${contact.phone}` })).toHaveAttribute(
      "href",
      "tel:15125550147",
    );
    await expect(block.getByRole("link", { name: "Email Us" })).toHaveAttribute(
      "href",
      `mailto:${contact.email}`,
    );
    await expect(block.getByRole("link", { name: "Contact Page" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  test("passes axe at desktop and mobile width, on every tab", async ({ page }) => {
    test.slow();
    await page.route(`${booking.url}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: calendarPage }),
    );
    await page.goto("/booking");
    await expect(page.getByText("Loading the booking calendar")).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("tab", { name: "Our Services" }).click();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("tab", { name: "What to Expect" }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every tab's content is on the page and the calendar frame shows without a placeholder", async ({
    page,
  }) => {
    await page.goto("/booking");
    await expect(page.getByRole("tablist")).toBeHidden();
    for (const name of ["Book Now", "Our Services", "What to Expect"]) {
      await expect(page.getByRole("heading", { name, exact: true, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "30-Minute Session" })).toBeVisible();
    await expect(page.getByRole("heading", { name: services.items[6]?.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to Prepare" })).toBeVisible();
    await expect(page.getByText("Loading the booking calendar")).toBeHidden();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("src", booking.url);
    expect((await frame.boundingBox())?.height).toBe(700);

    await page.getByRole("link", { name: "Schedule Your Session" }).click();
    await expect(page).toHaveURL(/\/booking#booking-book$/);
  });
});
