// Newsletter topics in Chromium at a phone's and a desktop's width, with axe: the editor's audience
// (everyone, or chosen topics) and its live count as the owner ticks, the owner's edit of one
// subscriber's topics, and a subscriber's own topics page from an issue's link, used by keyboard.
// A site of its own, with a real SMTP server in the test.
import { createHash, randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { createNewsletter } from "~/features/newsletter/newsletters.server";
import { getTestDatabaseKinds } from "../support/databases";
import { type MailSite, startMailSite } from "../support/mail-site";
import { addConfirmedSubscribers } from "../support/newsletter";
import { testAdmin } from "../support/test-site";
import { expectNoSeriousA11yViolations } from "./fixtures";
import type { TestSite } from "./isolated-site";
import { test } from "./test";

let mailSite: MailSite;
let site: TestSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  mailSite = await startMailSite(await sqlite.create(), { MAIL_FROM: "news@clearline.example" });
  ({ site } = mailSite);
});

test.afterAll(async () => {
  await mailSite?.close();
});

/** Subscribers: 3 who never chose (every topic), 2 of News, 2 of Cloud & Infrastructure. */
async function seedSubscribers(prefix: string) {
  const { db } = site.services;
  await db.deleteFrom("newsletter_subscriptions").execute();
  await addConfirmedSubscribers(db, 3, `${prefix}-all`);
  const choose = async (emails: string[], topic: string) => {
    const rows = await db
      .selectFrom("newsletter_subscriptions")
      .select("id")
      .where("email", "in", emails)
      .execute();
    await db
      .insertInto("newsletter_subscription_topics")
      .values(rows.map((row) => ({ subscription_id: Number(row.id), topic })))
      .execute();
  };
  const news = await addConfirmedSubscribers(db, 2, `${prefix}-news`);
  await choose(news, "news");
  await choose(
    await addConfirmedSubscribers(db, 2, `${prefix}-cloud`),
    "service:cloud-infrastructure",
  );
  return news;
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a draft's audience with its live count, and the topics pages`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const [newsReader = ""] = await seedSubscribers(`e2e-${width}`);
    const login = await page.request.post(`${site.url}/api/admin/login`, {
      data: testAdmin,
      headers: { origin: site.url },
    });
    expect(login.status()).toBe(200);
    const id = await createNewsletter(
      site.services.db,
      { subject: `Cloud notes (${width})`, bodyHtml: "<p>Three ways to cut your cloud bill.</p>" },
      testAdmin.email,
    );

    await page.goto(`${site.url}/admin/newsletter/${id}`);
    const who = page.getByRole("group", { name: "Who gets it" });
    await expect(who).toBeVisible();
    const count = page.getByRole("status").filter({ hasText: "will get this newsletter" });
    await expect(count).toHaveText("7 subscribers will get this newsletter.");
    await who.getByLabel("Subscribers of chosen topics").check();
    await expect(count).toHaveText(
      "0 subscribers will get this newsletter. Tick at least one topic.",
    );
    await expect(page.getByRole("button", { name: "Send to 0 subscribers" })).toBeDisabled();
    // By keyboard: the News box, then Cloud & Infrastructure by click; each tick recounts.
    const topics = page.getByRole("group", { name: "Topics" });
    await topics.getByLabel("News").focus();
    await page.keyboard.press("Space");
    await expect(count).toHaveText("5 subscribers will get this newsletter.");
    await topics.getByLabel("Cloud & Infrastructure").check();
    await expect(count).toHaveText("7 subscribers will get this newsletter.");
    await topics.getByLabel("News").uncheck();
    await expect(count).toHaveText("5 subscribers will get this newsletter.");
    // The send button names the count the send will reach, and the choice is kept on reload.
    await expect(page.getByRole("button", { name: "Send to 5 subscribers" })).toBeEnabled();
    await who.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`audience-${width}.png`),
      fullPage: true,
    });
    await page.reload();
    await expect(
      page.getByRole("group", { name: "Topics" }).getByLabel("Cloud & Infrastructure"),
    ).toBeChecked();
    await expect(count).toHaveText("5 subscribers will get this newsletter.");

    // The owner edits one subscriber's topics from the subscribers list.
    await page.goto(`${site.url}/admin/newsletter`);
    await page.screenshot({
      path: test.info().outputPath(`subscribers-${width}.png`),
      fullPage: true,
    });
    await page.getByRole("link", { name: `Topics of ${newsReader}` }).click();
    await expect(
      page.getByRole("heading", { name: "Subscriber's topics", level: 1 }),
    ).toBeVisible();
    await expect(page.getByLabel("News")).toBeChecked();
    await page.getByLabel("Managed IT Services").check();
    await page.getByRole("button", { name: "Save topics" }).click();
    await expect(page.getByText("The subscriber's topics are saved.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`owner-topics-${width}.png`),
      fullPage: true,
    });

    // The subscriber's own page, from an issue's link: masked address, keyboard only.
    const { unsubscribe_token: token } = await site.services.db
      .selectFrom("newsletter_subscriptions")
      .select("unsubscribe_token")
      .where("email", "=", newsReader)
      .executeTakeFirstOrThrow();
    await page.goto(`${site.url}/newsletter/manage?token=${token}`);
    await expect(
      page.getByRole("heading", { name: "Your newsletter topics", level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(newsReader)).toHaveCount(0);
    await expect(page.getByText("r•••@example.com")).toBeVisible();
    await expect(page.getByLabel("Managed IT Services")).toBeChecked();
    await page.getByLabel("Cloud & Infrastructure").focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.getByRole("button", { name: "Save my topics" }).focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: "Your topics are saved." }),
    ).toBeVisible();
    await expect(page.getByLabel("Cloud & Infrastructure")).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`manage-${width}.png`), fullPage: true });
    // Nothing ticked: refused with the reason.
    for (const label of ["News", "Managed IT Services", "Cloud & Infrastructure"]) {
      await page.getByLabel(label).uncheck();
    }
    await page.getByRole("button", { name: "Save my topics" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Choose at least one topic." }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A sign-up's confirmation link: once confirmed, the same page offers the topics.
    const confirmToken = randomBytes(24).toString("base64url");
    await site.services.db
      .insertInto("newsletter_subscriptions")
      .values({
        email: `confirming-${width}@example.com`,
        unsubscribe_token: randomBytes(24).toString("base64url"),
        created_at: new Date().toISOString(),
        ip_hash: "test",
        state: "pending",
        confirm_token_hash: createHash("sha256").update(confirmToken).digest("base64url"),
        confirmation_sent_at: new Date().toISOString(),
      })
      .execute();
    await page.goto(`${site.url}/newsletter/confirm?token=${confirmToken}`);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
    const offered = page.getByRole("group", { name: "What would you like to hear about?" });
    await expect(offered.getByRole("checkbox")).toHaveCount(8);
    await offered.getByLabel("ServiceNow Development").uncheck();
    await page.getByRole("button", { name: "Save my topics" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your topics are saved." }),
    ).toBeVisible();
    await expect(offered.getByLabel("ServiceNow Development")).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`confirm-${width}.png`), fullPage: true });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the topics page is a plain form: it saves, and its unsubscribe button unsubscribes", async ({
    page,
  }) => {
    const [email = ""] = await addConfirmedSubscribers(site.services.db, 1, "nojs");
    const { unsubscribe_token: token } = await site.services.db
      .selectFrom("newsletter_subscriptions")
      .select("unsubscribe_token")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await page.goto(`${site.url}/newsletter/manage?token=${token}`);
    await page.getByLabel("News").uncheck();
    await page.getByRole("button", { name: "Save my topics" }).click();
    await expect(page.getByText("Your topics are saved.")).toBeVisible();
    await expect(page.getByLabel("News")).not.toBeChecked();
    await expect(page.getByLabel("Managed IT Services")).toBeChecked();
    await page.getByRole("button", { name: "Unsubscribe from every issue" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
    await page.goto(`${site.url}/newsletter/manage?token=${token}`);
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  });
});
