// The content manager's screen (/content) without saving: admin only (a visitor without a session
// is sent to the login page by the server), its tabs and links, and axe.
import { expect } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

test.describe.configure({ timeout: 90_000 });

test("a visitor without a session is sent to the login page", async ({ page, request }) => {
  const response = await request.get("/content", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/admin/login");

  await page.goto("/content");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Content Manager" })).toHaveCount(0);
});

test("shows the remaining sections in tabs, links to the other admin screens, passes axe", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  const response = await page.goto("/content");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page).toHaveTitle(/Content Manager/);
  await expect(page.getByRole("heading", { name: "Content Manager", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText([
    "Call to Action",
    "Footer",
    "Booking",
    "Blog",
    "Case Studies",
    "Forms",
    "Page Not Found",
    "Legal",
    "SEO",
    "Extra Blocks",
  ]);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Content", exact: true })).toHaveAttribute(
    "href",
    "/edit",
  );
  await expect(nav.getByRole("link", { name: "More content" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Leads" })).toHaveAttribute("href", "/admin/leads");
  await expect(page.getByLabel("Call to Action Heading")).toHaveValue(defaultContent.cta.heading);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Case Studies" }).click();
  await expect(page.getByRole("group", { name: "Case Study 1" }).getByLabel("Title")).toHaveValue(
    defaultContent.caseStudies.items[0]?.title ?? "",
  );
  await page.getByRole("tab", { name: "Legal" }).click();
  await expect(page.getByRole("textbox", { name: "Privacy Policy", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "SEO" }).click();
  await expect(page.getByLabel("Home page search description")).toHaveValue("");
  await expectNoSeriousA11yViolations(page);

  // The shell's navigation goes to the editor and back.
  await nav.getByRole("link", { name: "Content", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Content Editor", level: 1 })).toBeVisible();
  await nav.getByRole("link", { name: "More content" }).click();
  await expect(page.getByRole("heading", { name: "Content Manager", level: 1 })).toBeVisible();
});

test("refuses an insecure booking address with a message at the field, saving nothing", async ({
  page,
  context,
}) => {
  await signInWithSessionCookie(context, baseURL);
  await page.goto("/content");
  await page.getByRole("tab", { name: "Booking" }).click();
  const url = page.getByLabel("Booking Calendar Address");
  await url.fill("http://calendar.example.com/book");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please enter a secure (https) web address").first()).toBeVisible();
  await expect(url).toBeFocused();
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  const stored = await (await context.request.get(`${baseURL}/api/content`)).json();
  expect(stored.booking.url).toBe(defaultContent.booking.url);
});
