// The end-to-end `test`: Playwright's own, with page.goto and page.reload waiting until React has
// hydrated a page that runs scripts. A click that lands before hydration takes the no-JavaScript
// path (tested on its own), so without this wait a slow run makes a JavaScript test flaky. Each
// worker points the specs' baseURL at its project's server before its first test, and keeps one
// browser context and page per set of context options, handed from test to test with what a test
// leaves behind cleared (docs/decisions/037). Its API requests honour the server's keep-alive hint
// (keep-alive-hint.ts).
import { type BrowserContext, test as base, type Page } from "@playwright/test";
import { baseURL, setBaseURL } from "./fixtures";
import { waitForScriptedPageToHydrate } from "./hydration";
import "./keep-alive-hint";

/** A worker's context and page for one set of options; tainted: a test left what no reset undoes */
type SharedPage = { context: BrowserContext; page?: Page; visited: Set<string>; tainted: boolean };

/** Methods whose effect outlives the test and has no undo: the next test gets a fresh context. */
const pageMethodsThatTaint = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "emulateMedia",
  "setExtraHTTPHeaders",
] as const;
const contextMethodsThatTaint = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "grantPermissions",
  "setGeolocation",
  "setOffline",
  "setHTTPCredentials",
] as const;
const clockMethods = [
  "install",
  "fastForward",
  "pauseAt",
  "resume",
  "runFor",
  "setFixedTime",
  "setSystemTime",
] as const;

/** Marks `shared` tainted when `target[name]` is called, then calls it. */
function taintOnCall<T extends object>(shared: SharedPage, target: T, names: readonly string[]) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const method = methods[name];
    if (typeof method !== "function") continue;
    methods[name] = (...args: unknown[]) => {
      shared.tainted = true;
      return method.apply(target, args);
    };
  }
}

/** page.goto and page.reload wait for hydration, unless asked to return at the commit. */
function waitForHydrationAfterNavigation(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await waitForScriptedPageToHydrate(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await waitForScriptedPageToHydrate(page);
    return response;
  };
}

/**
 * Empties the browser's HTTP cache and the page's memory cache, as Playwright's own reset did:
 * for tests of what a first visit fetches.
 */
async function forgetCachedResponses(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  await session.send("Network.setCacheDisabled", { cacheDisabled: false });
  await session.send("Network.clearBrowserCache");
  await session.detach();
}

/** The origin of a page on a site (not about:blank, a data: URL or an error page). */
function getSiteOrigin(url: string): string | undefined {
  const { origin, protocol } = new URL(url);
  return protocol.startsWith("http") ? origin : undefined;
}

/**
 * What a finished test leaves in the context for the next: other pages, listeners, routes,
 * cookies, headers, and the storage of every site its pages visited. The page leaves its document
 * first, so no script of the last test (an editor's draft written 400 ms after typing stops) can
 * write after the clearing.
 */
async function clearForNextTest({ context, page, visited }: SharedPage & { page: Page }) {
  for (const other of context.pages()) {
    if (other === page) continue;
    const origin = getSiteOrigin(other.url());
    if (origin) visited.add(origin);
    await other.close();
  }
  await page.removeAllListeners(undefined, { behavior: "ignoreErrors" });
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearCookies();
  await context.setExtraHTTPHeaders({});
  // A plain text file of the same site: the renderer stays, where about:blank would start another.
  const origin = getSiteOrigin(page.url());
  const left = origin
    ? await page.goto(`${origin}/robots.txt`).then(
        () => true,
        () => false,
      )
    : false;
  if (origin && left) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    visited.delete(origin);
  } else {
    await page.goto("about:blank");
  }
  if (visited.size === 0) return;
  const session = await context.newCDPSession(page);
  for (const other of visited) {
    // localStorage: the admin's token and the editors' drafts. The site keeps nothing else.
    await session.send("Storage.clearDataForOrigin", {
      origin: other,
      storageTypes: "local_storage",
    });
  }
  await session.detach();
  visited.clear();
}

export const test = base.extend<
  { sharedPage: SharedPage; firstVisit: boolean },
  { projectServer: string; sharedPages: Map<string, SharedPage> }
>({
  projectServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const url = workerInfo.project.use.baseURL ?? baseURL;
      setBaseURL(url);
      await use(url);
    },
    { scope: "worker", auto: true },
  ],
  // A test of what a first visit fetches starts with nothing cached from the tests before it.
  firstVisit: [false, { option: true }],
  sharedPages: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const shared = new Map<string, SharedPage>();
      await use(shared);
      for (const { context } of shared.values()) await context.close();
    },
    { scope: "worker" },
  ],
  sharedPage: async (
    {
      browser,
      sharedPages,
      javaScriptEnabled,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      userAgent,
      baseURL: url,
      viewport,
    },
    use,
    testInfo,
  ) => {
    // Tests that differ in any of these get a context of their own.
    const device = { deviceScaleFactor, isMobile, hasTouch, userAgent };
    const options = { ...device, javaScriptEnabled, baseURL: url };
    const key = JSON.stringify(options);
    let shared = sharedPages.get(key);
    if (!shared) {
      const context = await browser.newContext({ ...options, viewport });
      shared = { context, visited: new Set(), tainted: false };
      taintOnCall(shared, context, contextMethodsThatTaint);
      taintOnCall(shared, context.clock, clockMethods);
      sharedPages.set(key, shared);
    }
    await use(shared);
    const { page } = shared;
    // A failed test may have left anything behind: the next one starts on a fresh context.
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed || shared.tainted || !page || page.isClosed()) {
      sharedPages.delete(key);
      await shared.context.close();
      return;
    }
    await clearForNextTest({ ...shared, page });
  },
  context: async ({ sharedPage }, use) => {
    await use(sharedPage.context);
  },
  page: async ({ sharedPage, viewport, firstVisit }, use) => {
    let page = sharedPage.page;
    if (!page || page.isClosed()) {
      page = await sharedPage.context.newPage();
      waitForHydrationAfterNavigation(page);
      taintOnCall(sharedPage, page, pageMethodsThatTaint);
      sharedPage.page = page;
    }
    if (viewport) await page.setViewportSize(viewport);
    if (firstVisit) await forgetCachedResponses(page);
    const { visited } = sharedPage;
    page.on("framenavigated", (frame) => {
      const origin = getSiteOrigin(frame.url());
      if (origin) visited.add(origin);
    });
    await use(page);
  },
});
