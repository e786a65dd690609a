// The admin's leads screen: only for a signed-in admin; messages newest first with their mail
// state, subscribers and the CSV export.
import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { getUniqueEmail, useOwnAddress } from "./leads-helpers";
import { test } from "./test";

test("sends a visitor without an admin session to /admin/login", async ({ page }) => {
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("shows a signed-in admin the messages, their mail state and the subscribers, with a CSV export", async ({
  page,
  context,
}, testInfo) => {
  await useOwnAddress(context, testInfo);
  const sender = getUniqueEmail("lead");
  const subscriber = getUniqueEmail("reader");
  for (const name of ["Older Lead", "Newer Lead"]) {
    const response = await page.request.post("/api/contact", {
      headers: { origin: baseURL },
      data: { name, email: sender, company: "Lead Co", message: `Hello from ${name}, call me.` },
    });
    expect(response.status()).toBe(201);
  }
  await page.request.post("/api/newsletter", {
    headers: { origin: baseURL },
    data: { email: subscriber },
  });
  await signInWithSessionCookie(context, baseURL);

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  const messages = page.getByRole("region", { name: "Contact messages" }).getByRole("article");
  const newer = messages.filter({ hasText: "Newer Lead" });
  await expect(newer).toContainText("Hello from Newer Lead, call me.");
  await expect(newer).toContainText("Lead Co");
  await expect(newer).toContainText("Not emailed");
  await expect(newer.getByRole("link", { name: sender })).toHaveAttribute(
    "href",
    `mailto:${sender}`,
  );
  const names = await messages.getByRole("heading").allTextContents();
  expect(names.findIndex((text) => text.includes("Newer Lead"))).toBeLessThan(
    names.findIndex((text) => text.includes("Older Lead")),
  );
  const subscribers = page.getByRole("region", { name: "Newsletter subscribers" });
  await expect(subscribers.getByRole("cell", { name: subscriber })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent("download");
  await subscribers.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await download.path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toBe("email,subscribed_at,unsubscribe_url");
  expect(csv).toMatch(
    new RegExp(
      `${subscriber.replace(/[.+]/g, "\\$&")},[^,]+,http[^,]+/unsubscribe\\?token=[\\w-]{32}`,
    ),
  );
});
