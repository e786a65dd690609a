// Helpers for the contact and newsletter specs: each test speaks from its own address (so the
// per-address limits of one test never touch another spec), and waits out the forms' minimum
// fill time the way a person would.
import { createHash } from "node:crypto";
import type { BrowserContext, Locator, Page, TestInfo } from "@playwright/test";

/** A private address derived from the test's id, sent as X-Forwarded-For (the server trusts its loopback proxy). */
export function getTestAddress(testInfo: TestInfo): string {
  const [a = 0, b = 0, c = 0] = createHash("sha256").update(testInfo.testId).digest();
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

export async function useOwnAddress(context: BrowserContext, testInfo: TestInfo): Promise<string> {
  const address = getTestAddress(testInfo);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/**
 * Waits until the form was shown at least minimumMs ago, as the server judges it: the later of
 * the form's signed token (when the page was rendered; a cached page's may be old) and the
 * browser's first-fetch cookie (docs/decisions/004).
 */
export async function waitPastFillTime(form: Locator, minimumMs: number): Promise<void> {
  const token = await form.locator('input[name="formToken"]').inputValue();
  const cookies = await form.page().context().cookies();
  const firstFetch = cookies.find((cookie) => /^(__Host-)?form_shown$/.test(cookie.name));
  const shownAt = Math.max(
    Number(token.split(".")[0]),
    Number(firstFetch?.value.split(".")[0] ?? 0),
  );
  const wait = shownAt + minimumMs + 200 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export function getToastRegion(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ });
}

/** A unique address for what a test stores, so assertions never see another test's rows. */
export function getUniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
