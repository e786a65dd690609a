// The content editor's screen (spec sections 2, 4 and 5), without saving anything: layout, the
// five tabs and their fields, the rich-text toolbar, the services list, validation, and the
// guards that keep unsaved edits. Saving is in content-editor.saves.spec.ts.
import { type Dialog, expect } from "@playwright/test";
import { toPlainText } from "~/platform/plain-text";
import { defaultContent } from "../../app/features/content/default-content";
import { getRichText, getToast, openEditor, readContentThroughApi } from "./admin-helpers";
import { expectNoSeriousA11yViolations, holdRequests } from "./fixtures";
import { test } from "./test";

const services = defaultContent.services.items;

// The editor is a large page (seven services, each with a rich-text editor): axe needs time.
test.describe.configure({ timeout: 90_000 });

test.describe("the editor's screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("has the spec's header, Website Content card with five tabs and Actions card", async ({
    page,
    context,
  }) => {
    await openEditor(page, context, "/edit");
    await expect(page).toHaveTitle(/Content Editor/);
    // The spec's header: the title with the Admin Access badge; the admin shell around it
    // carries the home link ("View site") and Logout.
    await expect(page.getByRole("heading", { name: "Content Editor", level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByText("Admin Access")).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "View site" })).toHaveAttribute("href", "/");
    await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Website Content" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText([
      "General",
      "Home",
      "About",
      "Services",
      "Contact",
    ]);
    const actions = page.getByRole("complementary", { name: "Actions" });
    await expect(actions.getByRole("heading", { name: "Actions" })).toBeVisible();
    await expect(actions.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    await expect(actions.getByRole("link", { name: /Preview Site/ })).toHaveAttribute("href", "/");
    await expect(actions.getByText("All changes are saved.")).toBeVisible();
    // The public site's header and footer are not part of the editor.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });

  test("each tab shows its spec fields filled from the content, and passes axe", async ({
    page,
    context,
  }) => {
    await openEditor(page, context);
    await expect(page.getByLabel("Company Name")).toHaveValue(defaultContent.general.companyName);
    await expect(page.getByLabel("Tagline")).toHaveValue(defaultContent.general.tagline);
    await expect(getRichText(page, "Description")).toContainText(
      toPlainText(defaultContent.general.description).slice(0, 60),
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Home" }).click();
    await expect(page.getByLabel("Hero Title")).toHaveValue("Technology That Works");
    await expect(getRichText(page, "Hero Subtitle")).toHaveText("For the Way You Do Business");
    await page.getByText("More home page fields").click();
    await expect(page.getByLabel("Hero Description")).toHaveValue(defaultContent.hero.description);
    await expect(page.getByLabel("Primary Button Text")).toHaveValue(
      defaultContent.hero.primaryButtonText,
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "About" }).click();
    await expect(page.getByLabel("About Title")).toHaveValue(defaultContent.about.title);
    await expect(getRichText(page, "About Content")).toContainText("Clearline IT Consulting works");
    await page.getByText("More about page fields").click();
    await expect(page.getByRole("group", { name: "Core Values" }).getByRole("group")).toHaveCount(
      4,
    );
    await expect(getRichText(page, "Our Story")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Services" }).click();
    await expect(page.getByRole("region", { name: /^Service \d+$/ })).toHaveCount(services.length);
    const first = page.getByRole("region", { name: "Service 1" });
    await expect(first.getByLabel("Service Name")).toHaveValue(services[0]?.title ?? "");
    await expect(first.getByLabel("Icon name")).toHaveValue("computer");
    await expect(first.getByLabel("Benefits")).toHaveValue(
      (services[0]?.benefits ?? []).join("\n"),
    );
    await expect(getRichText(first, "Description")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Contact" }).click();
    await expect(page.getByLabel("Contact Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Contact Email")).toHaveValue(defaultContent.contact.email);
    await expect(page.getByLabel("Contact Phone")).toHaveValue(defaultContent.contact.phone);
    await page.getByText("More contact fields").click();
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue(
      defaultContent.contact.address,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("the tabs work from the keyboard", async ({ page, context }) => {
    await openEditor(page, context);
    await page.getByRole("tab", { name: "General" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Home" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Hero Title")).toBeVisible();
  });
});

test.describe("the rich-text editor", () => {
  test("has the spec's toolbar: marks, lists, headings, link dialog and Remove Link", async ({
    page,
    context,
  }) => {
    await openEditor(page, context);
    const editor = getRichText(page, "Description");
    const toolbar = page.getByRole("toolbar", { name: "Text formatting" });
    const box = await editor.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(200);

    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Plain words here");
    // Selects the line just typed.
    const selectLine = async () => {
      await page.keyboard.press("End");
      await page.keyboard.press("Shift+Home");
    };
    await selectLine();
    const bold = toolbar.getByRole("button", { name: "Bold" });
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await expect(editor.locator("strong")).toHaveText("Plain words here");
    await bold.click();
    await expect(editor.locator("strong")).toHaveCount(0);
    for (const [name, tag] of [
      ["Italic", "em"],
      ["Strikethrough", "s"],
    ] as const) {
      await toolbar.getByRole("button", { name }).click();
      await expect(editor.locator(tag)).toHaveText("Plain words here");
      await toolbar.getByRole("button", { name }).click();
      await expect(editor.locator(tag)).toHaveCount(0);
    }
    for (const [name, selector] of [
      ["Bullet list", "ul > li"],
      ["Numbered list", "ol > li"],
      ["Heading 2", "h2"],
      ["Heading 3", "h3"],
    ] as const) {
      await selectLine();
      const button = toolbar.getByRole("button", { name });
      await button.click();
      await expect(editor.locator(selector)).toHaveText("Plain words here");
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await button.click();
      await expect(editor.locator(selector)).toHaveCount(0);
      await expect(button).toHaveAttribute("aria-pressed", "false");
    }
    await expect(editor.locator("p").first()).toHaveText("Plain words here");

    // Link: asked in a dialog (issue 17: no prompt); a bare domain gets the default protocol
    // http; another site's link opens in the same tab and is followed unless chosen otherwise.
    const removeLink = toolbar.getByRole("button", { name: "Remove Link" });
    await expect(removeLink).toBeDisabled();
    const addLink = async (address: string) => {
      await selectLine();
      await toolbar.getByRole("button", { name: "Link", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: /link/i });
      await dialog.getByLabel("Address (URL)").fill(address);
      await dialog.getByRole("button", { name: /^(Insert|Update) link$/ }).click();
      return dialog;
    };

    // The dialog keeps its size while the site's pages arrive and as the search narrows them: a
    // click on its way to Cancel or Insert lands there, however slow the answer.
    const releasePages = await holdRequests(page, "**/api/admin/link-targets*");
    await selectLine();
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: /link/i });
    const readButtonsBox = () => dialog.getByRole("button", { name: "Cancel" }).boundingBox();
    await expect(dialog.getByText("Loading pages...")).toBeVisible();
    const whileLoading = await readButtonsBox();
    releasePages();
    await expect(dialog.getByText(/^20 of \d+ pages shown/)).toBeVisible();
    expect(await readButtonsBox()).toEqual(whileLoading);
    await dialog.getByRole("searchbox").fill("cloud");
    await expect(dialog.getByText(/^2 pages found/)).toBeVisible();
    expect(await readButtonsBox()).toEqual(whileLoading);
    await dialog.getByRole("searchbox").fill("no such page at all");
    await expect(dialog.getByText("No page matches.")).toBeVisible();
    expect(await readButtonsBox()).toEqual(whileLoading);
    await page.unroute("**/api/admin/link-targets*");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    await expect(await addLink("example.com/page")).toHaveCount(0);
    const link = editor.locator("a");
    await expect(link).toHaveAttribute("href", "http://example.com/page");
    await expect(link).not.toHaveAttribute("target", /.*/);
    await expect(link).not.toHaveAttribute("rel", /.*/);
    const style = await link.evaluate((element) => {
      const computed = getComputedStyle(element);
      // Any CSS color notation, read back as RGB through a canvas.
      const context = document.createElement("canvas").getContext("2d");
      if (!context) throw new Error("no canvas");
      context.fillStyle = computed.color;
      context.fillRect(0, 0, 1, 1);
      const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
      return { red, green, blue, underline: computed.textDecorationLine };
    });
    // Blue and underlined.
    expect(style.blue).toBeGreaterThan(style.red + 80);
    expect(style.blue).toBeGreaterThan(style.green + 80);
    expect(style.underline).toBe("underline");
    await expect(removeLink).toBeEnabled();

    // Links are not opened by a click in the editor.
    let opened = false;
    page.on("popup", () => {
      opened = true;
    });
    await link.click();
    await page.waitForTimeout(300);
    expect(opened).toBe(false);
    await expect(page).toHaveURL(/\/working-editor$/);

    await removeLink.click();
    await expect(editor.locator("a")).toHaveCount(0);
    await expect(removeLink).toBeDisabled();

    // Schemes outside the spec's list are refused.
    const refused = await addLink("javascript:alert(document.cookie)");
    await expect(refused.getByText(/This address cannot be a link/)).toBeVisible();
    await refused.getByRole("button", { name: "Cancel" }).click();
    await expect(editor.locator("a")).toHaveCount(0);

    // Other schemes from the spec's list are kept.
    await addLink("mailto:hello@example.com");
    await expect(editor.locator("a")).toHaveAttribute("href", "mailto:hello@example.com");
  });
});

test.describe("the services list", () => {
  test("adds, moves and deletes services; the first cannot move up nor the last down", async ({
    page,
    context,
  }) => {
    await openEditor(page, context);
    await page.getByRole("tab", { name: "Services" }).click();
    const cards = page.getByRole("region", { name: /^Service \d+$/ });
    const card = (n: number) => page.getByRole("region", { name: `Service ${n}`, exact: true });
    const count = services.length;
    await expect(cards).toHaveCount(count);
    await expect(card(1).getByRole("button", { name: "Move Service 1 up" })).toBeDisabled();
    await expect(card(1).getByRole("button", { name: "Move Service 1 down" })).toBeEnabled();
    await expect(
      card(count).getByRole("button", { name: `Move Service ${count} down` }),
    ).toBeDisabled();
    await expect(
      card(count).getByRole("button", { name: `Move Service ${count} up` }),
    ).toBeEnabled();

    // Move down swaps with the neighbour; focus follows the moved service.
    await card(1).getByRole("button", { name: "Move Service 1 down" }).click();
    await expect(card(1).getByLabel("Service Name")).toHaveValue(services[1]?.title ?? "");
    await expect(card(2).getByLabel("Service Name")).toHaveValue(services[0]?.title ?? "");
    await expect(page.getByRole("button", { name: "Move Service 2 down" })).toBeFocused();
    await card(2).getByRole("button", { name: "Move Service 2 up" }).click();
    await expect(card(1).getByLabel("Service Name")).toHaveValue(services[0]?.title ?? "");
    // Moved back to the top, where it cannot go up: focus goes to its "down" button.
    await expect(page.getByRole("button", { name: "Move Service 1 down" })).toBeFocused();

    // A new service starts empty, with the computer icon, at the end.
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect(cards).toHaveCount(count + 1);
    const added = card(count + 1);
    await expect(added.getByLabel("Service Name")).toHaveValue("");
    await expect(added.getByLabel("Service Name")).toBeFocused();
    await expect(added.getByLabel("Icon name")).toHaveValue("computer");
    await expect(added.getByLabel("Benefits")).toHaveValue("");
    await expect(getRichText(added, "Description")).toHaveText("");
    await expect(added.getByText("Untitled service")).toBeVisible();
    await added.getByLabel("Service Name").fill("Data Backup");
    // Exact: the card's folded SEO previews name the service too ("Data Backup | Clearline ...").
    await expect(added.getByText("Data Backup", { exact: true })).toBeVisible();
    await expect(
      card(count).getByRole("button", { name: `Move Service ${count} down` }),
    ).toBeEnabled();

    // Benefits: typed line by line, blank lines allowed while typing.
    await added.getByLabel("Benefits").fill("Nightly backups\n\nTested restores\n");
    await expect(added.getByLabel("Benefits")).toHaveValue("Nightly backups\n\nTested restores\n");

    // Delete takes the service out; with none left the spec's message shows.
    await card(2).getByRole("button", { name: "Delete Service 2" }).click();
    await expect(cards).toHaveCount(count);
    await expect(card(2).getByLabel("Service Name")).toHaveValue(services[2]?.title ?? "");
    for (let remaining = count; remaining > 0; remaining--) {
      await card(1).getByRole("button", { name: "Delete Service 1" }).click();
    }
    await expect(cards).toHaveCount(0);
    await expect(
      page.getByText('No services added yet. Click "Add Service" to get started.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Service" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Nothing was saved.
    expect((await readContentThroughApi(context)).services.items).toHaveLength(count);
  });
});

test.describe("validation and unsaved changes", () => {
  test("an invalid field is shown, focused and named in the Save Failed toast; nothing is sent", async ({
    page,
    context,
  }) => {
    await openEditor(page, context);
    let saves = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/content")) saves++;
    });
    await page.getByLabel("Company Name").fill("");
    await page.getByRole("tab", { name: "Services" }).click();
    await page.getByRole("button", { name: "Add Service" }).click();
    await page.getByRole("tab", { name: "Contact" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    const toast = getToast(page, "Save Failed");
    await expect(toast).toContainText("General: Company Name is required");
    await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const companyName = page.getByLabel("Company Name");
    await expect(companyName).toBeFocused();
    await expect(companyName).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Company Name is required", { exact: true })).toBeVisible();

    await companyName.fill("Clearline IT Consulting");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      getToast(page, `Services, Service ${services.length + 1}: Service Name is required`),
    ).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: `Service ${services.length + 1}` })
        .getByLabel("Service Name"),
    ).toBeFocused();
    expect(saves).toBe(0);
  });

  test("warns before leaving with unsaved changes, and keeps them", async ({ page, context }) => {
    await openEditor(page, context);
    const tagline = page.getByLabel("Tagline");
    await tagline.fill("A tagline not yet saved");
    await expect(page.getByText("You have unsaved changes.")).toBeVisible();

    // A link inside the site asks first; staying keeps the text. The question is answered as it
    // comes (the click waits on it) and awaited before going on: the steps after it pass as well
    // before it is asked, and under load it can come after them.
    const question = new Promise<Dialog>((resolve) => {
      page.once("dialog", (dialog) => {
        resolve(dialog);
        void dialog.dismiss();
      });
    });
    await page.getByRole("banner").getByRole("link", { name: "View site" }).click();
    const leaveQuestion = await question;
    expect(leaveQuestion.type()).toBe("confirm");
    expect(leaveQuestion.message()).toBe(
      "You have unsaved changes. Leave this screen without saving them?",
    );
    await expect(page).toHaveURL(/\/working-editor$/);
    await expect(tagline).toHaveValue("A tagline not yet saved");

    // Closing or reloading the page gets the browser's own warning.
    const beforeUnload = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await beforeUnload;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
    await expect(tagline).toHaveValue("A tagline not yet saved");
  });

  test("edits never saved are offered back the next time the editor opens", async ({
    page,
    context,
  }) => {
    await openEditor(page, context);
    await page.getByLabel("Tagline").fill("Typed before the tab was closed");
    await page.getByRole("tab", { name: "Home" }).click();
    await page.getByLabel("Hero Title").fill("A hero title kept as a draft");
    // The draft is written shortly after typing stops; under load that can take a while.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.values(window.localStorage).some((value) =>
            value.includes("A hero title kept as a draft"),
          ),
        ),
      )
      .toBe(true);

    const next = await context.newPage();
    await next.goto("/working-editor");
    const notice = next.getByRole("status").filter({
      hasText: "You have unsaved changes from an earlier visit",
    });
    await expect(notice).toBeVisible();
    await expect(next.getByLabel("Tagline")).toHaveValue(defaultContent.general.tagline);
    await notice.getByRole("button", { name: "Restore my changes" }).click();
    await expect(next.getByLabel("Tagline")).toHaveValue("Typed before the tab was closed");
    await next.getByRole("tab", { name: "Home" }).click();
    await expect(next.getByLabel("Hero Title")).toHaveValue("A hero title kept as a draft");
    await expect(next.getByText("You have unsaved changes.")).toBeVisible();
    await expectNoSeriousA11yViolations(next);

    // Discarding forgets the draft for good.
    await page.close();
    const third = await context.newPage();
    await third.goto("/working-editor");
    await third.getByRole("button", { name: "Discard them" }).click();
    await expect(third.getByLabel("Tagline")).toHaveValue(defaultContent.general.tagline);
    await expect(third.getByText("You have unsaved changes from an earlier visit")).toHaveCount(0);
    expect(
      await third.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("draft"))),
    ).toEqual([]);
  });
});

test("unsaved drafts are kept per admin and cleared at logout", async ({ page, context }) => {
  await openEditor(page, context);
  await page.getByLabel("Tagline").fill("A draft that must not outlive the session");
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("draft"))),
    )
    .toEqual(["admin-draft:owner@example.com:editor"]);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Log out anyway?");
    void dialog.accept();
  });
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(
    await page.evaluate(() =>
      Object.entries(localStorage).filter(
        ([key, value]) => key.includes("draft") || value.includes("owner@example.com"),
      ),
    ),
  ).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("fits the screen, keeps Save in reach and passes axe", async ({ page, context }) => {
    await openEditor(page, context);
    await page.getByRole("tab", { name: "Services" }).click();
    await expect(page.getByRole("region", { name: "Service 1" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, 2000);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });
});
