// The end-to-end `test`: Playwright's own, with page.goto and page.reload waiting until React has
// hydrated a page that runs scripts. A click that lands before hydration takes the no-JavaScript
// path (tested on its own), so without this wait a slow run makes a JavaScript test flaky. Each
// worker also points the specs' baseURL at its project's server before its first test, and clears the
// headers a test set on the context it hands on to the next. Its API requests honour the server's
// keep-alive hint (keep-alive-hint.ts).
import { test as base } from "@playwright/test";
import { baseURL, setBaseURL } from "./fixtures";
import { waitForScriptedPageToHydrate } from "./hydration";
import "./keep-alive-hint";

export const test = base.extend<Record<never, never>, { projectServer: string }>({
  projectServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const url = workerInfo.project.use.baseURL ?? baseURL;
      setBaseURL(url);
      await use(url);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    await use(context);
    // The worker's context is reused (playwright.config.ts), and Playwright's reset between tests
    // leaves the headers a test set (its own client address, say) to the next test.
    await context.setExtraHTTPHeaders({});
  },
  page: async ({ page }, use) => {
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
    await use(page);
  },
});
