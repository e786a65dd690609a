// A built page's end and return, in Chromium at 375 and 1280 px with axe: the delete dialog names
// the menu that links to the page as the owner knows it ("Header menu: About › Careers") and says
// History brings it back; History's Pages filter finds it and restores it as a draft at its
// address; deleted again, with another page at that address, History asks for a new address
// (a reserved one refused with a message) instead of replacing the other page.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { getToast, readContentThroughApi, saveThroughApi } from "./admin-helpers";
import { baseURL, expectNoSeriousA11yViolations, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

function pageInput(slug: string, title: string) {
  return {
    slug,
    status: "published",
    publishAt: "",
    title,
    blocks: [{ type: "hero", id: "h1", heading: `${title}: build calm IT with us` }],
    seoDescription: "",
  };
}

async function readPage(context: BrowserContext, slug: string) {
  const response = await context.request.get(`${baseURL}/api/admin/pages/${slug}`);
  expect(response.status()).toBe(200);
  return {
    etag: response.headers().etag ?? "",
    item: ((await response.json()) as { item: { status: string; record: { title: string } } }).item,
  };
}

/** Screenshots and axe at both widths, back at 1280 after. */
async function checkWidths(
  page: Page,
  name: string,
  testInfo: { outputPath: (n: string) => string },
) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // A dialog is drawn over the viewport: the screenshot shows what the owner sees there.
    const fullPage = !name.includes("dialog");
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage });
    await expectNoSeriousA11yViolations(page);
  }
}

test("a deleted page says who links to it, and History brings it back as a draft, at a new address when its own is taken", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInWithSessionCookie(context, baseURL);
  const slug = `join-us-${Date.now().toString(36)}`;
  const created = await context.request.post(`${baseURL}/api/admin/pages`, {
    data: pageInput(slug, "Join us"),
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { navigation } = await readContentThroughApi(context);
  const linked = structuredClone(navigation);
  const about = linked.header.find((item) => item.type === "link" && item.label === "About");
  if (about?.type !== "link") throw new Error("The default header has no About item");
  about.children.push({ label: "Careers", target: { type: "page", kind: "page", id: `/${slug}` } });
  await saveThroughApi(context, { navigation: linked });
  try {
    await page.goto(`/admin/pages/${slug}`);
    await page.getByRole("button", { name: "Delete page" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(
      `You can restore it from History: it comes back as a draft at /${slug}`,
    );
    await expect(dialog.getByRole("link", { name: "Header menu: About › Careers" })).toBeVisible();
    await expect(dialog).toContainText("the menu leaves that link out while it is gone");
    await expect(dialog).not.toContainText("lead nowhere");
    await expect(dialog).not.toContainText("target");
    await checkWidths(page, "delete-dialog", testInfo);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL("/admin/pages");

    // History's own filter for pages; the deletion restores the page as a draft at its address.
    await page.goto("/admin/history");
    await page.getByLabel("Show").selectOption({ label: "Pages" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=page/);
    await checkWidths(page, "history-pages", testInfo);
    await page.getByRole("link", { name: "View changes of Page: Join us, version 2" }).click();
    await expect(page).toHaveURL(/\/admin\/history\/page\/\d+$/);
    const revisionUrl = page.url();
    await expect(page.getByText(`restoring brings it back as a draft at /${slug}`)).toBeVisible();
    await page.getByRole("button", { name: "Restore this version" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore version 2" }).click();
    await expect(page.getByText(`is back as a draft at /${slug}`)).toBeVisible();
    const restored = await readPage(context, slug);
    expect(restored.item.status).toBe("draft");
    expect(restored.item.record.title).toBe("Join us");

    // Deleted again, and another page takes its address: History asks where it comes back.
    const removed = await context.request.delete(`${baseURL}/api/admin/pages/${slug}`, {
      headers: { origin: baseURL, "if-match": restored.etag },
    });
    expect(removed.status()).toBe(200);
    const other = await context.request.post(`${baseURL}/api/admin/pages`, {
      data: pageInput(slug, "Open roles"),
      headers: { origin: baseURL },
    });
    expect(other.status()).toBe(201);
    await page.goto(revisionUrl);
    const address = page.getByLabel("New address", { exact: true });
    await expect(address).toHaveValue(`${slug}-2`);
    await expect(page.getByText(`/${slug} is another page's address now`)).toBeVisible();
    await checkWidths(page, "restore-address", testInfo);
    await address.fill("healthz");
    await page.getByRole("button", { name: "Restore version 2 as a draft" }).click();
    await expect(page.getByText("/healthz is a page of the site already")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await checkWidths(page, "restore-address-refused", testInfo);
    await address.fill(`${slug}-2`);
    await page.getByRole("button", { name: "Restore version 2 as a draft" }).click();
    await expect(page.getByText(`is back as a draft at /${slug}-2`)).toBeVisible();
    expect((await readPage(context, `${slug}-2`)).item).toMatchObject({
      status: "draft",
      record: { title: "Join us" },
    });
    expect((await readPage(context, slug)).item.record.title).toBe("Open roles");
  } finally {
    await saveThroughApi(context, { navigation });
  }
});

test("a page is duplicated as a draft at a new address, and a new page can start from another", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInWithSessionCookie(context, baseURL);
  const slug = `audit-${Date.now().toString(36)}`;
  const source = pageInput(slug, "M365 audit");
  const created = await context.request.post(`${baseURL}/api/admin/pages`, {
    data: source,
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/admin/pages/${slug}`);
  await page.getByRole("link", { name: "Duplicate page" }).click();
  await expect(page).toHaveURL(`/admin/pages/new?from=${slug}`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("M365 audit");
  await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(`${slug}-copy`);
  await expect(page.getByLabel("Heading", { exact: true })).toHaveValue(
    "M365 audit: build calm IT with us",
  );
  await checkWidths(page, "duplicate", testInfo);
  await page.getByLabel("URL slug", { exact: true }).fill(`${slug}-denver`);
  await page.getByRole("button", { name: "Save Draft" }).first().click();
  await expect(page).toHaveURL(`/admin/pages/${slug}-denver`);
  const copy = await context.request.get(`${baseURL}/api/admin/pages/${slug}-denver`);
  const original = await context.request.get(`${baseURL}/api/admin/pages/${slug}`);
  type Stored = { item: { status: string; record: { title: string; blocks: unknown[] } } };
  const copied = ((await copy.json()) as Stored).item;
  const kept = ((await original.json()) as Stored).item;
  expect(copied.status).toBe("draft");
  expect(copied.record.title).toBe(kept.record.title);
  expect(copied.record.blocks).toEqual(kept.record.blocks);
  expect(kept.status).toBe("published");

  // The new page's form starts blank, or from a chosen page.
  await page.goto("/admin/pages/new");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await page.getByLabel("Start from").selectOption({ label: `A copy of M365 audit (/${slug})` });
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("M365 audit");
});

test("a campaign page gets a take-down date and where its address then sends visitors", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInWithSessionCookie(context, baseURL);
  const slug = `campaign-${Date.now().toString(36)}`;
  const created = await context.request.post(`${baseURL}/api/admin/pages`, {
    data: pageInput(slug, "Spring audit offer"),
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/admin/pages/${slug}`);
  const takeDown = page.getByLabel("Take down on");
  await expect(takeDown).toBeEnabled();
  await takeDown.fill("2099-03-31T18:00");
  const sendTo = page.getByLabel("Then send visitors to");
  await sendTo.fill("/\\evil.example");
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page.getByText("Use an address on this site (/services)").first()).toBeVisible();
  await expect(sendTo).toHaveAttribute("aria-invalid", "true");
  await checkWidths(page, "take-down-refused", testInfo);
  await sendTo.fill("/services");
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(getToast(page, "Published")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Take down on")).toHaveValue("2099-03-31T18:00");
  await expect(page.getByLabel("Then send visitors to")).toHaveValue("/services");
  await checkWidths(page, "take-down", testInfo);
  const stored = await context.request.get(`${baseURL}/api/admin/pages/${slug}`);
  const { item } = (await stored.json()) as {
    item: { record: { unpublishAt?: string; unpublishTo?: string } };
  };
  expect(item.record.unpublishTo).toBe("/services");
  expect(item.record.unpublishAt).toMatch(/^2099-03-31T/);
});

test("a page lives one level deeper, at /campaigns/<name>", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await signInWithSessionCookie(context, baseURL);
  const name = `m365-audit-${Date.now().toString(36)}`;
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill("M365 audit");
  await page.getByLabel("URL slug", { exact: true }).fill(`campaigns/${name}`);
  await page.getByLabel("Block to add", { exact: true }).selectOption({ label: "Hero" });
  await page.getByRole("button", { name: "Add block", exact: true }).click();
  await page.getByLabel("Heading", { exact: true }).fill("Is your Microsoft 365 safe?");
  await page.getByRole("radio", { name: /Published/ }).check();
  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page).toHaveURL(`/admin/pages/campaigns%2f${name}`);
  await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(`campaigns/${name}`);
  await expectNoSeriousA11yViolations(page);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const answer = await visitorPage.goto(`${baseURL}/campaigns/${name}`);
  expect(answer?.status()).toBe(200);
  await expect(
    visitorPage.getByRole("heading", { level: 1, name: "Is your Microsoft 365 safe?" }),
  ).toBeVisible();
  await visitor.close();
});
