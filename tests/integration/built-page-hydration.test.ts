// A built page in Chromium: its blocks drawn on the server are in the document once, not in its
// hydration data, and stay on the page once React has hydrated it; reached by a navigation in the
// browser, the page's data carries them instead.
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import { sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import type { TestSite } from "../support/test-site";
import { useUploadsSite } from "../support/uploads-site";

const blocks = [
  { ...createBlock("hero", "h1"), heading: "Join the held team" },
  {
    ...createBlock("faq", "f1"),
    heading: "Questions",
    items: [{ question: "Do you hire remotely?", answer: "Yes, from anywhere in the US." }],
  },
  { ...createBlock("contact", "c1"), heading: "Write to us" },
  { ...createBlock("cta", "c2"), heading: "After the form" },
] as Block[];

/** Until React has hydrated the page's main element. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

describe("a built page in the browser", () => {
  let site: TestSite;
  let cookie: string;
  let browser: Browser;
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no database");
  useUploadsSite(sqlite, {
    started: (started) => {
      site = started;
    },
    signedIn: (signedIn) => {
      cookie = signedIn;
    },
  });
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
  });
  afterAll(() => browser?.close());

  it("keeps its drawn blocks through hydration and gets them with its data on a navigation", async () => {
    const page = { slug: "held-page", status: "published", publishAt: "", title: "Held" };
    const saved = await sendJsonAs(
      site,
      "POST",
      "/api/admin/pages",
      { ...page, blocks, seoDescription: "" },
      { cookie },
    );
    expect(saved.status).toBe(201);
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    tab.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await tab.goto(`${site.url}/held-page`);
    await waitForHydration(tab);
    const main = tab.locator("main");
    for (const text of ["Join the held team", "Do you hire remotely?", "After the form"]) {
      await expect.poll(() => main.textContent()).toContain(text);
    }
    await expect.poll(() => main.getByLabel("Name").count()).toBe(1);

    await tab.goto(`${site.url}/about`);
    await waitForHydration(tab);
    await tab.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter.navigate("/held-page"),
    );
    await tab.waitForURL(`${site.url}/held-page`);
    for (const text of ["Join the held team", "Do you hire remotely?", "After the form"]) {
      await expect.poll(() => main.textContent()).toContain(text);
    }
    expect(errors).toEqual([]);
  });
});
