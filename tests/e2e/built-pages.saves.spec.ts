// A page built from blocks in Chromium, as the owner builds a Careers page: hero, rich text, FAQ,
// testimonials and a contact form; preview the draft, schedule it and see it go live (and into
// sitemap.xml, never before), send a message through its form to the inbox, rename its address
// (the old one answers 301) and restore an earlier version. axe checks the editor and the page.
import { type Browser, expect } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import { getRichText, getToast, nextMinuteAhead } from "./admin-helpers";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  openE2eDatabase,
  signInWithSessionCookie,
} from "./fixtures";
import { getUniqueEmail, useOwnAddress, waitPastFillTime } from "./leads-helpers";
import { test } from "./test";

const contact = defaultContent.contact;

async function visitorGet(browser: Browser, path: string) {
  const visitor = await browser.newContext();
  const response = await visitor.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
  const answer = {
    status: response.status(),
    text: await response.text(),
    headers: response.headers(),
  };
  await visitor.close();
  return answer;
}

async function addBlock(page: import("@playwright/test").Page, label: string) {
  await page.getByLabel("Block to add", { exact: true }).selectOption({ label });
  await page.getByRole("button", { name: "Add block", exact: true }).click();
}

test("the owner builds, schedules, renames and restores a Careers page", async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await useOwnAddress(context, testInfo);
  await signInWithSessionCookie(context, baseURL);
  const slug = `careers-${Date.now().toString(36)}`;

  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "New Page" }).click();
  await page.getByLabel("Title", { exact: true }).fill("Careers");
  await page.getByLabel("URL slug", { exact: true }).fill(slug);

  await addBlock(page, "Hero");
  await page.getByLabel("Heading", { exact: true }).fill("Build calm IT with us");
  await page.getByLabel("Text", { exact: true }).fill("We hire engineers who like plain answers.");
  await addBlock(page, "Rich text");
  await getRichText(page, "Formatted text").fill("We work from Austin and from home.");
  await addBlock(page, "FAQ");
  await page.getByRole("button", { name: "Add Question" }).click();
  await page.getByLabel("Question", { exact: true }).fill("Do you hire remotely?");
  await page.getByLabel("Answer", { exact: true }).fill("Yes, anywhere in the US.");
  await addBlock(page, "Testimonials");
  await page.getByRole("button", { name: "Add Testimonial" }).click();
  await page
    .getByRole("textbox", { name: "Quote", exact: true })
    .fill("The best team I have worked in.");
  await page.getByLabel("Name", { exact: true }).fill("Dana Ortiz");
  await addBlock(page, "Contact form");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(getToast(page, "Saved as a draft")).toBeVisible();
  await expect(page).toHaveURL(`/admin/pages/${slug}`);
  await expectNoSeriousA11yViolations(page);

  // A draft: nowhere for a visitor, visible in the admin's preview.
  expect((await visitorGet(browser, `/${slug}`)).status).toBe(404);
  const preview = await context.newPage();
  await preview.goto(`/${slug}`);
  await expect(
    preview.getByRole("heading", { level: 1, name: "Build calm IT with us" }),
  ).toBeVisible();
  await expect(preview.getByRole("note")).toContainText("only signed-in admins can see it");
  await preview.close();

  // Scheduled a minute ahead: it goes live by itself, and only then into sitemap.xml.
  const { local, at } = nextMinuteAhead();
  await page.getByRole("radio", { name: /Scheduled/ }).check();
  await page.getByLabel("Publish on", { exact: true }).fill(local);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(getToast(page, "Scheduled")).toBeVisible();
  expect((await visitorGet(browser, "/sitemap.xml")).text).not.toContain(`/${slug}<`);
  await expect
    .poll(async () => (await visitorGet(browser, `/${slug}`)).status, {
      timeout: at.getTime() - Date.now() + 30_000,
      intervals: [2_000],
    })
    .toBe(200);
  expect((await visitorGet(browser, "/sitemap.xml")).text).toContain(`/${slug}<`);

  // A visitor's message through the page's form reaches the inbox.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const width of [375, 1280]) {
    await visitorPage.setViewportSize({ width, height: 900 });
    await visitorPage.goto(`/${slug}`);
    await expect(visitorPage.getByRole("heading", { name: "Do you hire remotely?" })).toHaveCount(
      0,
    );
    await expect(visitorPage.getByText("Do you hire remotely?")).toBeVisible();
    await expect(visitorPage.getByText("Dana Ortiz")).toBeVisible();
    await expect(visitorPage.getByText("We hire engineers who like plain answers.")).toBeVisible();
    await expect(visitorPage.getByText("We work from Austin and from home.")).toBeVisible();
    await visitorPage.screenshot({
      path: testInfo.outputPath(`careers-${width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(visitorPage);
  }
  const email = getUniqueEmail("careers");
  const form = visitorPage.getByRole("form", { name: contact.formHeading });
  await form.getByLabel("Name").fill("Sam Lee");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Message").fill("I would like to apply for the engineer role.");
  await waitPastFillTime(form, 3000);
  await form.getByRole("button", { name: contact.formSubmitText }).click();
  await expect(visitorPage.getByText("Message sent", { exact: true })).toBeVisible();
  const db = openE2eDatabase();
  try {
    const rows = await db
      .selectFrom("contact_messages")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(rows).toHaveLength(1);
  } finally {
    await db.destroy();
  }
  await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("I would like to apply for the engineer role.")).toBeVisible();

  // A new address: the old one answers 301 to it.
  await page.goto(`/admin/pages/${slug}`);
  await page.getByLabel("URL slug", { exact: true }).fill(`${slug}-jobs`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/admin/pages/${slug}-jobs`);
  const old = await visitorGet(browser, `/${slug}`);
  expect(old.status).toBe(301);
  expect(old.headers.location).toBe(`/${slug}-jobs`);

  // An earlier version comes back: the first draft's title.
  await page.getByLabel("Title", { exact: true }).fill("Jobs at Clearline");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(page, "Published")).toBeVisible();
  await page
    .getByRole("button", { name: /Restore/ })
    .last()
    .click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /^Restore version/ })
    .click();
  await expect(getToast(page, "Restored")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Careers");
  await visitorPage.goto(`/${slug}-jobs`);
  await expect(visitorPage).toHaveTitle(/^Careers\b/);
  await visitor.close();
});

test("deleting a page asks first and lists the pages that link to it", async ({
  page,
  context,
}, testInfo) => {
  await signInWithSessionCookie(context, baseURL);
  const stamp = Date.now().toString(36);
  const target = `offer-${stamp}`;
  const create = async (slug: string, title: string, blocks: unknown[]) => {
    const response = await context.request.post(`${baseURL}/api/admin/pages`, {
      data: { slug, status: "draft", publishAt: "", title, blocks, seoDescription: "" },
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await create(target, "Audit offer", []);
  const cta = { type: "cta", id: "c1", heading: "See the offer", buttonLabel: "Open" };
  await create(`linker-${stamp}`, `Linker ${stamp}`, [{ ...cta, buttonHref: `/${target}` }]);

  await page.goto(`/admin/pages/${target}`);
  await page.getByRole("button", { name: "Delete page" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText('1 text links to it; that link will lead to "page not found"');
  await expect(
    dialog.getByRole("link", { name: `Page: Linker ${stamp} › Call to action block 1` }),
  ).toHaveAttribute("href", `/admin/pages/linker-${stamp}`);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath("delete-dialog-1280.png") });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(getToast(page, "Deleted")).toBeVisible();
  await expect(page).toHaveURL("/admin/pages");
});
