// Saving in the content editor (spec sections 2, 4, 7 and 8): every tab edited and saved, the
// change on the public site at once, the 409 flow with two tabs, and stored XSS attempts through
// the API and through the editor that must not run on any public page. It tests the content-saving
// specs' server (playwright.config.ts) and puts the default content back after each test.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import type { SiteContent } from "../../app/features/content/schema";
import {
  expectNoInjectedScript,
  getRichText,
  getToast,
  openEditor,
  readContentThroughApi,
  restoreDefaultContent,
  saveThroughApi,
  visitPublicPages,
} from "./admin-helpers";
import { baseURL } from "./fixtures";
import { test } from "./test";

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.afterEach(async ({ context }) => {
  await restoreDefaultContent(context);
});

/** Replaces a rich-text field's text with the given words. */
async function typeRichText(
  page: Page,
  label: string,
  text: string,
  scope?: Page | ReturnType<Page["locator"]>,
) {
  const editor = getRichText(scope ?? page, label);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

async function saveAndConfirm(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  const toast = getToast(page, "Content Saved");
  await expect(toast).toContainText("Your changes have been saved successfully.");
  await expect(page.getByText("All changes are saved.")).toBeVisible();
}

test("every tab is edited and saved, and the public site shows it at once", async ({
  page,
  context,
}) => {
  await openEditor(page, context);

  await page.getByLabel("Company Name").fill("Brightpath IT Consulting");
  await page.getByLabel("Tagline").fill("Practical IT for growing teams");
  await typeRichText(page, "Description", "We keep small firms running.");

  await page.getByRole("tab", { name: "Home" }).click();
  await page.getByLabel("Hero Title").fill("Technology You Can Trust");
  await typeRichText(page, "Hero Subtitle", "Built for Busy Teams");
  await page.getByText("More home page fields").click();
  await page.getByLabel("Primary Button Text").fill("Book Your Free Call");

  await page.getByRole("tab", { name: "About" }).click();
  await page.getByLabel("About Title").fill("Why Firms Choose Us");
  await typeRichText(page, "About Content", "Senior consultants, plain answers.");

  await page.getByRole("tab", { name: "Services" }).click();
  const card = (n: number) => page.getByRole("region", { name: `Service ${n}`, exact: true });
  await page.getByRole("button", { name: "Add Service" }).click();
  const added = card(8);
  await added.getByLabel("Service Name").fill("Data Backup & Recovery");
  await added.getByLabel("Icon name").fill("shield");
  await typeRichText(page, "Description", "Backups you can restore.", added);
  await added.getByLabel("Benefits").fill("Nightly backups\n\n  Tested restores  \n\n");
  await added.getByRole("button", { name: "Move Service 8 up" }).click();
  await card(6).getByRole("button", { name: "Delete Service 6" }).click();

  await page.getByRole("tab", { name: "Contact" }).click();
  await page.getByLabel("Contact Email").fill("team@brightpath.example");
  await page.getByLabel("Contact Phone").fill("+1 (512) 555-0100");
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();

  // "Saving..." and disabled while the save is under way.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/content", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  await expect(getToast(page, "Content Saved")).toContainText(
    "Your changes have been saved successfully.",
  );
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  await expect(page.getByText("All changes are saved.")).toBeVisible();

  const saved = await readContentThroughApi(context);
  expect(saved.general.companyName).toBe("Brightpath IT Consulting");
  expect(saved.general.description).toBe("<p>We keep small firms running.</p>");
  expect(saved.hero.heading1).toBe("<p>Technology You Can Trust</p>");
  expect(saved.hero.heading2).toBe("<p>Built for Busy Teams</p>");
  expect(saved.about.title).toBe("Why Firms Choose Us");
  expect(saved.about.content).toBe("<p>Senior consultants, plain answers.</p>");
  expect(saved.services.items.map((item) => item.title)).toEqual([
    "IT Strategy & Consulting",
    "Network & Security Solutions",
    "Cloud & Infrastructure",
    "Managed IT Services",
    "Process Optimization",
    "Data Backup & Recovery",
    "ServiceNow Development",
  ]);
  expect(saved.services.items[5]).toMatchObject({
    icon: "shield",
    description: "<p>Backups you can restore.</p>",
    benefits: ["Nightly backups", "Tested restores"],
  });
  expect(saved.contact).toMatchObject({
    email: "team@brightpath.example",
    phone: "+1 (512) 555-0100",
  });

  // The public site shows the save on the next request.
  const visitor = await context.browser()?.newPage({ viewport: { width: 1280, height: 900 } });
  if (!visitor) throw new Error("no browser");
  await visitor.goto(baseURL);
  await expect(
    visitor.getByRole("banner").getByRole("link", { name: "Brightpath IT Consulting, home" }),
  ).toBeVisible();
  const heading = visitor.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("Technology You Can Trust");
  await expect(heading).toContainText("Built for Busy Teams");
  await expect(visitor.getByRole("link", { name: "Book Your Free Call" })).toHaveAttribute(
    "href",
    "/booking",
  );
  const footer = visitor.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "team@brightpath.example" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "+1 (512) 555-0100" })).toHaveAttribute(
    "href",
    "tel:15125550100",
  );
  const footerServices = footer.getByRole("navigation", { name: "Services" });
  await expect(
    footerServices.getByRole("link", { name: "Data Backup & Recovery" }),
  ).toHaveAttribute("href", "/services/data-backup-recovery");
  await expect(footerServices.getByRole("link", { name: "ServiceNow Administration" })).toHaveCount(
    0,
  );
  await visitor.close();
});

test("a save over a newer version is refused; the editor keeps the text and offers to reload", async ({
  context,
}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await openEditor(first, context);
  await openEditor(second, context);

  await first.getByLabel("Tagline").fill("Saved from the first tab");
  await saveAndConfirm(first);

  await second.getByLabel("Tagline").fill("Saved from the second tab");
  await second.getByRole("button", { name: "Save Changes" }).click();
  await expect(getToast(second, "Save Failed")).toContainText("changed by someone else");
  const notice = second.getByRole("alert").filter({
    hasText: "The content was changed since you opened the editor",
  });
  await expect(notice).toBeVisible();
  // Nothing typed is lost while the owner decides.
  await expect(second.getByLabel("Tagline")).toHaveValue("Saved from the second tab");
  await expect(second.getByText("You have unsaved changes.")).toBeVisible();
  expect((await readContentThroughApi(context)).general.tagline).toBe("Saved from the first tab");

  await notice.getByRole("button", { name: "Reload latest content" }).click();
  await expect(second.getByLabel("Tagline")).toHaveValue("Saved from the first tab");
  await expect(notice).toHaveCount(0);
  await expect(second.getByText("All changes are saved.")).toBeVisible();

  // After reloading, the second tab saves normally.
  await second.getByLabel("Tagline").fill("Second tab, after reloading");
  await saveAndConfirm(second);

  // The first tab is now the stale one: it may also keep its own version.
  await first.getByLabel("Tagline").fill("First tab insists");
  await first.getByRole("button", { name: "Save Changes" }).click();
  const firstNotice = first.getByRole("alert").filter({
    hasText: "The content was changed since you opened the editor",
  });
  await expect(firstNotice).toBeVisible();
  await firstNotice.getByRole("button", { name: "Save my version anyway" }).click();
  await expect(getToast(first, "Content Saved")).toBeVisible();
  await expect(firstNotice).toHaveCount(0);
  expect((await readContentThroughApi(context)).general.tagline).toBe("First tab insists");
});

/** Rich text full of well-known stored-XSS tricks; each sets window.__xss or opens a dialog. */
const richPayload = [
  "<p>Rich payload</p>",
  "<script>window.__xss='script'</script>",
  "<img src=x onerror=\"window.__xss='img'\">",
  "<svg onload=\"window.__xss='svg'\"><script>window.__xss='svg-script'</script></svg>",
  "<iframe srcdoc=\"<script>parent.__xss='srcdoc'</script>\"></iframe>",
  "<iframe src=\"javascript:parent.__xss='iframe'\"></iframe>",
  "<a href=\"javascript:window.__xss='href'\">click</a>",
  "<a href=\"JaVaScRiPt&#58;window.__xss='entity'\">entity</a>",
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  "<style>@import 'https://evil.example/x.css'; body{background:url(javascript:alert(1))}</style>",
  "<details open ontoggle=\"window.__xss='details'\"><summary>x</summary></details>",
  "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__xss='mxss'\">",
  "<noscript><p title=\"</noscript><img src=x onerror=window.__xss='noscript'>\">",
  "<object data=\"javascript:window.__xss='object'\"></object>",
  "<form action=\"javascript:window.__xss='form'\"><button>go</button></form>",
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
].join("");
const plainPayload = '"><img src=x onerror=window.__xss=1>';
const richPaths = new Set([
  "general.description",
  "hero.heading1",
  "hero.heading2",
  "about.content",
  "about.story",
  "services.items.description",
]);

/** Every text of the editor's sections replaced by a payload the schema still accepts. */
function poison(value: unknown, path: string, key: string): unknown {
  if (typeof value === "string") {
    if (richPaths.has(path)) return richPayload;
    if (key === "email") return value;
    // Search descriptions must be 70 to 160 characters: the payload, padded to a valid length.
    if (key === "seoDescription")
      return `${plainPayload} and enough plain words to make a valid search description`;
    // A badge's figure is at most 20 characters: the payload's first 20, markup still.
    if (key === "value") return plainPayload.slice(0, 20);
    return plainPayload;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      const poisoned = poison(item, path, key);
      // Service names must stay distinct (each names a page).
      return path === "services.items" && poisoned && typeof poisoned === "object"
        ? { ...poisoned, title: `${plainPayload} ${index + 1}` }
        : poisoned;
    });
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [
        name,
        poison(field, path ? `${path}.${name}` : name, name),
      ]),
    );
  }
  return value;
}

async function expectNothingRunsOnPublicPages(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const visited = await visitPublicPages(page, async (path) => {
    // Give anything that would run a moment to do so.
    await page.waitForTimeout(150);
    await expectNoInjectedScript(page, path);
  });
  expect(visited.length).toBeGreaterThan(1);
  expect(dialogs).toEqual([]);
}

async function signedInPage(context: BrowserContext) {
  const page = await context.newPage();
  await openEditor(page, context);
  return page;
}

test("stored XSS saved through the API runs on no public page", async ({ page, context }) => {
  await signedInPage(context);
  const { general, hero, about, services, contact } = defaultContent;
  const poisoned = poison(
    { general, hero, about, services, contact },
    "",
    "",
  ) as Partial<SiteContent>;
  await saveThroughApi(context, poisoned);
  const stored = await readContentThroughApi(context);
  // Plain text is kept as typed (and escaped by the pages); rich text lost everything that runs.
  expect(stored.general.companyName).toBe(plainPayload);
  expect(stored.hero.heading1).not.toMatch(/<(script|img|svg|iframe|style|math|object|form)/i);

  await page.goto("/");
  await expect(
    page.getByRole("banner").getByRole("link", { name: `${plainPayload}, home` }),
  ).toBeVisible();
  await expectNothingRunsOnPublicPages(page);
});

test("stored XSS typed, pasted and linked in the editor runs on no public page", async ({
  page,
  context,
}) => {
  const editorPage = await signedInPage(context);
  await editorPage.getByLabel("Company Name").fill("<img src=x onerror=\"window.__xss='name'\">");
  const description = getRichText(editorPage, "Description");
  await description.click();
  await editorPage.keyboard.press("ControlOrMeta+a");
  await editorPage.keyboard.type("<script>window.__xss='typed'</script> typed text ");
  // Pasted HTML goes through the editor's own parser.
  await description.evaluate((target, html) => {
    const data = new DataTransfer();
    data.setData("text/html", html);
    data.setData("text/plain", "pasted");
    target.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, '<p>Pasted <img src=x onerror="window.__xss=\'pasted\'"><a href="javascript:window.__xss=\'pasted-link\'">pasted link</a><a href="https://example.com" onclick="window.__xss=\'onclick\'">good link</a></p>');
  await expect(description).toContainText("pasted link");
  // A javascript: address in the link dialog is refused.
  await editorPage.keyboard.press("Shift+Home");
  await editorPage
    .getByRole("toolbar", { name: "Text formatting" })
    .getByRole("button", { name: "Link", exact: true })
    .click();
  const linkDialog = editorPage.getByRole("dialog", { name: /link/i });
  await linkDialog.getByLabel("Address (URL)").fill("javascript:window.__xss='dialog'");
  await linkDialog.getByRole("button", { name: /^(Insert|Update) link$/ }).click();
  await expect(linkDialog.getByText(/This address cannot be a link/)).toBeVisible();
  await linkDialog.getByRole("button", { name: "Cancel" }).click();

  await editorPage.getByRole("tab", { name: "Home" }).click();
  await editorPage.getByLabel("Hero Title").fill("<svg onload=window.__xss='title'>");
  await saveAndConfirm(editorPage);

  const stored = await readContentThroughApi(context);
  expect(stored.general.companyName).toBe("<img src=x onerror=\"window.__xss='name'\">");
  expect(stored.general.description).not.toMatch(/<(script|img)|javascript:|onclick/i);
  // Another site's link keeps no target or rel it was not given in the editor (issue 17).
  expect(stored.general.description).toContain('<a href="https://example.com">good link</a>');
  expect(stored.hero.heading1).toBe("<p>&lt;svg onload=window.__xss='title'&gt;</p>");

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "<svg onload=window.__xss='title'>",
  );
  await expectNothingRunsOnPublicPages(page);
});
