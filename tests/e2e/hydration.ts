// Waits until React has hydrated the page, so a test's typing and key presses reach the handlers.
import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}
