// Every admin screen fits every width from a small phone up, whatever the length of what it shows:
// with 200-character titles, 3,000-character bodies and 100-character unbroken words stored, loaded
// at 320 px and widened to 375, 768 and 1280 px, the page never scrolls sideways, and every button,
// link and field (on every tab) lies inside the screen and is not cut off by a parent that hides
// its overflow.
// A new screen is one line of the table below.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import { createAdmin, deleteAdmin } from "../../app/features/admin/admins/admins.server";
import type { SiteContent } from "../../app/features/content/schema";
import { readContentThroughApi, saveThroughApi } from "./admin-helpers";
import { baseURL, openE2eDatabase, signInWithSessionCookie } from "./fixtures";
import { test } from "./test";

const widths = [320, 375, 768, 1280];

/** What the seeding stored, for the screens whose address names it. */
type Seed = { article: string; caseStudy: string; revision: string };

type Screen = { name: string; path: (seed: Seed) => string; signedOut?: true };

const screens: Screen[] = [
  { name: "Login", path: () => "/admin/login", signedOut: true },
  { name: "Content Editor", path: () => "/edit" },
  { name: "Content Manager", path: () => "/content" },
  { name: "Articles", path: () => "/admin/articles" },
  { name: "New article", path: () => "/admin/articles/new" },
  { name: "Article editor", path: (seed) => `/admin/articles/${seed.article}` },
  { name: "Case studies", path: () => "/admin/case-studies" },
  { name: "New case study", path: () => "/admin/case-studies/new" },
  { name: "Case study editor", path: (seed) => `/admin/case-studies/${seed.caseStudy}` },
  { name: "Pages", path: () => "/admin/pages" },
  { name: "New page", path: () => "/admin/pages/new" },
  { name: "Images", path: () => "/images" },
  { name: "History", path: () => "/admin/history" },
  { name: "History revision", path: (seed) => seed.revision },
  { name: "Activity", path: () => "/admin/activity" },
  { name: "Admins", path: () => "/admin/admins" },
  { name: "Leads", path: () => "/admin/leads" },
  { name: "Settings", path: () => "/admin/settings" },
  { name: "Your account", path: () => "/admin/account" },
];

/** 100 characters with no place to break. */
const word = "Hyperconvergedinfrastructuremigration".repeat(3).slice(0, 100);
const sentence = "Our team moved every server of the practice to the cloud over one weekend. ";
/** Exactly n characters: the unbroken word, then ordinary words. */
const long = (n: number) =>
  `${word} ${sentence.repeat(Math.ceil(n / sentence.length))}`.slice(0, n);
const body = `<h2>${word}</h2><p>${long(1200)}</p><ul><li>${word}</li><li>${long(300)}</li></ul><p><a href="https://example.com/${word}">${word}</a> ${long(1200)}</p>`;

const stamp = Date.now();
const seed: Seed = {
  article: `layout-long-article-${stamp}`,
  caseStudy: `layout-long-case-study-${stamp}`,
  revision: "",
};
const longAdmin = `${"a".repeat(100)}.${stamp}@${"long-domain-name".repeat(4)}.example.com`;
let storedContent: SiteContent | undefined;
let leadIds: number[] = [];

async function seedLongContent(browser: Browser) {
  const context = await browser.newContext();
  await signInWithSessionCookie(context, baseURL);
  const send = async (method: "post" | "put", path: string, data: unknown) => {
    const answer = await context.request[method](`${baseURL}${path}`, {
      headers: { origin: baseURL },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  const article = {
    slug: seed.article,
    status: "published",
    publishAt: "",
    title: long(200),
    excerpt: long(600),
    category: word.slice(0, 80),
    authorName: word,
    readTime: "",
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body,
  };
  await send("post", "/api/admin/articles", article);
  // A second version, so History has a change to show.
  await send("put", `/api/admin/articles/${seed.article}`, { ...article, body: `${body}<p>.</p>` });
  await send("post", "/api/admin/case-studies", {
    slug: seed.caseStudy,
    // Scheduled, so its editor shows the date and time and the Schedule button.
    status: "scheduled",
    publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    title: long(200),
    description: long(600),
    industry: word.slice(0, 80),
    client: long(200),
    challenge: long(1000),
    approach: [long(300), word],
    results: [{ value: word.slice(0, 20), label: word.slice(0, 80) }],
    testimonial: { quote: long(800), name: word, role: word, company: word },
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body,
  });

  // The content, through its API; what was stored is put back afterwards.
  storedContent = await readContentThroughApi(context);
  const { general, services } = storedContent;
  const [first, ...others] = services.items;
  if (!first) throw new Error("The content has services");
  await saveThroughApi(context, {
    general: { ...general, tagline: long(200) },
    services: {
      ...services,
      items: [{ ...first, title: word.slice(0, 120), benefits: [word, long(300)] }, ...others],
    },
  });

  // A long message and subscriber in Leads, and an admin with a long address.
  const db = openE2eDatabase();
  try {
    const now = new Date().toISOString();
    const lead = await db
      .insertInto("contact_messages")
      .values({
        name: word,
        email: `${word}@example.com`,
        phone: word.slice(0, 30),
        company: word,
        message: long(3000),
        created_at: now,
        ip_hash: "layout-test",
        user_agent: null,
        idempotency_key: null,
        spam_verdict: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    leadIds = [Number(lead.id)];
    await createAdmin(db, { email: longAdmin, password: randomBytes(16).toString("hex") });
  } finally {
    await db.destroy();
  }

  // The newest revision of the article in History: the address of its page.
  const page = await context.newPage();
  await page.goto("/admin/history");
  seed.revision =
    (await page.locator("a[href^='/admin/history/article/']").first().getAttribute("href")) ?? "";
  expect(seed.revision).not.toBe("");
  await context.close();
}

async function removeLongContent(browser: Browser) {
  const context = await browser.newContext();
  await signInWithSessionCookie(context, baseURL);
  for (const path of [`articles/${seed.article}`, `case-studies/${seed.caseStudy}`]) {
    await context.request.delete(`${baseURL}/api/admin/${path}`, { headers: { origin: baseURL } });
  }
  if (storedContent) {
    const { general, services } = storedContent;
    await saveThroughApi(context, { general, services });
  }
  await context.close();
  const db = openE2eDatabase();
  try {
    if (leadIds.length > 0)
      await db.deleteFrom("contact_messages").where("id", "in", leadIds).execute();
    await deleteAdmin(db, longAdmin);
  } finally {
    await db.destroy();
  }
}

/**
 * Runs in the page: what does not fit. The page must not be wider than the window; every control
 * (button, link, field, tab) that is shown must lie inside the window and inside every ancestor
 * that hides or clips its overflow. Visually hidden ones (1 px, such as "Skip to content") and
 * ones not rendered are left out; a scrolling container's content is reachable and is fine.
 */
function findLayoutProblems(): string[] {
  const width = window.innerWidth;
  const problems: string[] = [];
  const pageWidth = document.scrollingElement?.scrollWidth ?? 0;
  if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide and scrolls sideways`);
  const name = (element: Element) => {
    const label =
      element.getAttribute("aria-label") ??
      element.textContent?.trim() ??
      element.getAttribute("name") ??
      "";
    return `${element.tagName.toLowerCase()} "${label.replace(/\s+/g, " ").slice(0, 50)}"`;
  };
  const controls = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, [contenteditable=true], [role=button], [role=tab]",
  );
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (getComputedStyle(control).visibility === "hidden") continue;
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push(
        `${name(control)} is outside the screen (${Math.round(box.left)} to ${Math.round(box.right)} px)`,
      );
      continue;
    }
    for (let parent = control.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      const clipsX = /hidden|clip/.test(style.overflowX);
      const clipsY = /hidden|clip/.test(style.overflowY);
      if (!clipsX && !clipsY) continue;
      const frame = parent.getBoundingClientRect();
      const outX = box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
      const outY = box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5;
      if ((clipsX && outX) || (clipsY && outY)) {
        problems.push(
          `${name(control)} is cut off by ${parent.tagName.toLowerCase()}.${parent.className}`.slice(
            0,
            240,
          ),
        );
        break;
      }
    }
  }
  return problems;
}

/** The problems of the screen as shown, and of each of its tabs in turn, from the first. */
async function measureScreen(page: Page): Promise<string[]> {
  await expect(page.getByText("Loading editor...")).toHaveCount(0);
  const tabs = page.locator("main").getByRole("tab");
  const count = await tabs.count();
  // At a second width the last tab is still open: the first is shown again before measuring.
  if (count > 0) await tabs.first().click();
  const problems = await page.evaluate(findLayoutProblems);
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    const name = (await tab.textContent())?.trim();
    await tab.click();
    await expect(page.getByText("Loading editor...")).toHaveCount(0);
    problems.push(
      ...(await page.evaluate(findLayoutProblems)).map((text) => `${name} tab: ${text}`),
    );
  }
  return problems;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  await seedLongContent(browser);
});

test.afterAll(async ({ browser }) => {
  await removeLongContent(browser);
});

for (const screen of screens) {
  test(`${screen.name} fits every width from 320 px with long content`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    if (!screen.signedOut) await signInWithSessionCookie(context, baseURL);
    const problems: string[] = [];
    // Loaded on the smallest phone, then widened as a turned tablet or a resized window is: the
    // layout must follow without a reload (one load per screen, not one per width).
    for (const [index, width] of widths.entries()) {
      await page.setViewportSize({ width, height: 800 });
      if (index === 0) await page.goto(screen.path(seed));
      problems.push(...(await measureScreen(page)).map((text) => `${width} px: ${text}`));
    }
    expect(problems, `${screen.name} (${screen.path(seed)})`).toEqual([]);
  });
}
