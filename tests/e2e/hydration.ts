// Waits until React has hydrated the page, so a test's typing and key presses reach the handlers.
import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Waits for hydration only where it will happen: a page React Router rendered, in a browser that
 * runs its scripts (its inline context script has run). Plain pages, feeds and pages opened with
 * JavaScript off return at once.
 */
export async function waitForScriptedPageToHydrate(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (!("__reactRouterContext" in window)) return true;
      const root = document.querySelector("main") ?? document.body;
      return Object.keys(root).some((key) => key.startsWith("__reactFiber"));
    },
    undefined,
    { polling: 50 },
  );
}
