// Helpers of the admin end-to-end specs: toasts, the editor, saving and restoring content through
// the API, the stored-XSS checks run on every public page, and signing in through the login page.
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type Response,
} from "@playwright/test";
import { defaultContent } from "../../app/features/content/default-content";
import type { SiteContent } from "../../app/features/content/schema";
import { baseURL, signInWithSessionCookie } from "./fixtures";

/** A toast in the notifications region (not the screen reader's copy of its text). */
export function getToast(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({
      hasText: text,
    });
}

/** Signs the context in and opens the editor with its form ready. */
export async function openEditor(page: Page, context: BrowserContext, path = "/working-editor") {
  await signInWithSessionCookie(context, baseURL);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Content Editor", level: 1 })).toBeVisible();
  // Ready once the first rich-text editor has loaded.
  await expect(page.getByRole("textbox", { name: "Description" })).toBeVisible();
}

/** The contenteditable of a rich-text field, by its label. */
export function getRichText(scope: Page | Locator, label: string): Locator {
  return scope.getByRole("textbox", { name: label, exact: true });
}

export const editorSections = ["general", "hero", "about", "services", "contact"] as const;

/** Saves sections through the API as the signed-in admin of this context. */
export async function saveThroughApi(context: BrowserContext, content: Partial<SiteContent>) {
  const response = await context.request.post(`${baseURL}/api/content`, {
    data: { content },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function readContentThroughApi(context: BrowserContext): Promise<SiteContent> {
  const response = await context.request.get(`${baseURL}/api/content`);
  return (await response.json()) as SiteContent;
}

/** Puts the default content of the editor's sections back (other specs assert on it). */
export async function restoreDefaultContent(context: BrowserContext) {
  await signInWithSessionCookie(context, baseURL);
  const { general, hero, about, services, contact } = defaultContent;
  await saveThroughApi(context, { general, hero, about, services, contact });
}

const adminPaths = /^\/(admin|edit|working-editor|api|images|content|assets)(\/|$)/;

/**
 * Visits the home page and every public page it links to (following the site's own links, so new
 * pages are covered as they are linked) and runs check on each. The home page links to every page
 * that shows the site's content (its header, footer, services, about and contact) and to each
 * listing; the articles and case studies behind the listings show no more of it.
 */
export async function visitPublicPages(
  page: Page,
  check: (path: string) => Promise<void>,
): Promise<string[]> {
  expect((await page.goto("/"))?.status(), "/").toBeLessThan(500);
  await check("/");
  const links = await page
    .locator("a[href^='/']")
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  const linked = new Set(links.map((href) => new URL(href, baseURL).pathname));
  const visited = ["/"];
  // /booking/go hops to the external calendar: outside the site, like the calendar itself.
  for (const path of linked) {
    if (path === "/" || path === "/booking/go" || adminPaths.test(path)) continue;
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    visited.push(path);
    await check(path);
  }
  return visited;
}

/**
 * Asserts that nothing injected can run on the page: no event-handler attributes, no script
 * without the page's nonce, no javascript:/data: links, no injected frames, and the payloads'
 * marker variable never set.
 */
export async function expectNoInjectedScript(page: Page, path: string) {
  const report = await page.evaluate(() => {
    const problems: string[] = [];
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith("on")) problems.push(`${element.tagName} has ${name}`);
        if (
          ["href", "src", "action", "formaction", "xlink:href"].includes(name) &&
          /^\s*(javascript|data|vbscript):/i.test(attribute.value)
        ) {
          problems.push(`${element.tagName} ${name}=${attribute.value.slice(0, 40)}`);
        }
        if (name === "srcdoc") problems.push(`${element.tagName} has srcdoc`);
      }
    }
    for (const script of document.querySelectorAll("script")) {
      const runnable = !script.type || /module|javascript/i.test(script.type);
      if (runnable && !script.nonce)
        problems.push(`script without nonce: ${script.textContent?.slice(0, 40)}`);
    }
    for (const tag of ["object", "embed", "base", "form[action^='javascript']"]) {
      if (document.querySelector(tag)) problems.push(`page has ${tag}`);
    }
    return { problems, marker: (window as { __xss?: unknown }).__xss };
  });
  expect(report.problems, path).toEqual([]);
  expect(report.marker, path).toBeUndefined();
}

/**
 * Signs in through the login page's form once React has it, and returns the login API's answer.
 * Clicked before hydration, the form would post without JavaScript: another path, tested apart.
 * A loaded machine can take seconds to answer, so the answer is awaited, not guessed at.
 */
export async function signInThroughLoginPage(
  page: Page,
  email: string,
  password: string,
): Promise<Response> {
  await page.goto("/admin/login");
  // The password toggle is drawn by React only: its presence means the form is hydrated.
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname === "/api/admin/login",
    { timeout: 30_000 },
  );
  await page.getByRole("button", { name: "Sign In" }).click();
  return answer;
}

export async function isSignedIn(context: BrowserContext): Promise<boolean> {
  const response = await context.request.get(`${baseURL}/api/admin/session`);
  return ((await response.json()) as { isAuthenticated: boolean }).isAuthenticated;
}

/** A new browser signed in as email through the login page. */
export async function openSignedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughLoginPage(page, email, password);
  // A refused sign-in stays on the login page: say what it showed, not only that time ran out.
  await page.waitForURL(/\/working-editor$/, { timeout: 30_000 }).catch(async (error: unknown) => {
    const shown = await page
      .getByRole("alert")
      .allTextContents()
      .catch(() => []);
    throw new Error(
      `Signing in as ${email} stayed on ${page.url()}: ${shown.join(" ") || "no message shown"}`,
      { cause: error },
    );
  });
  return { context, page };
}

/**
 * "2026-05-04T12:31", the next full minute at least 30 s ahead, in the browser's time zone: time
 * enough to save the schedule and see it still hidden, and no longer to wait than that.
 */
export function nextMinuteAhead(): { local: string; at: Date } {
  const at = new Date(Date.now() + 30_000);
  at.setSeconds(60, 0);
  const pad = (value: number) => String(value).padStart(2, "0");
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return { local, at };
}
