// Shared helpers for the end-to-end specs: the address of the server the running project tests,
// the axe check every page must pass, and an admin session cookie minted in that server's database.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { DatabaseSync } from "node:sqlite";
import { type BrowserContext, expect, type Frame, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { Kysely } from "kysely";
import { findAdminByEmail } from "../../app/features/admin/admins/admins.server";
import { NodeSqliteDialect } from "../../app/platform/db/node-sqlite-dialect.server";
import type { Tables } from "../../app/platform/db/tables.server";
import { createSession, getSessionCookieName } from "../../app/platform/sessions.server";
import { sharedServerURL } from "../../playwright.config";
import { e2eAdmin, readE2eState } from "./state.ts";

/**
 * The e2e server of the project this worker runs (the content-saving specs have their own); set
 * for the worker by tests/e2e/test.ts before any test, read by specs when they run.
 */
export let baseURL = sharedServerURL;

export function setBaseURL(url: string): void {
  baseURL = url;
}

type AxeViolation = AxeResults["violations"][number];
type Axe = typeof import("axe-core");

// axe's minified build: the same rules as axe.source at 650 KB instead of 1.5 MB, which each
// checked document gets over the protocol and parses (0.14 CPU-seconds against 0.22).
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Puts axe into a frame that does not have it yet. A document keeps it until the next navigation,
 * so a page checked several times gets its source once (@axe-core/playwright's builder
 * sent it twice per check). Frames that take no scripts stay without: axe reports those itself.
 */
async function injectAxe(frame: Frame): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("axe took over 1 s to load in a frame")), 1000);
  });
  try {
    const present = frame.evaluate(() => "axe" in window);
    if (await Promise.race([present, timeout])) return;
    await Promise.race([frame.evaluate(axeSource), timeout]);
    // Results come back only from frames of the page's own origin, as in the builder's legacy mode.
    await frame.evaluate(() => {
      (window as unknown as { axe: Axe }).axe.configure({
        allowedOrigins: ["<same_origin>"],
      });
    });
  } catch {
    // A frame that cannot run axe is listed by axe's own frame-tested check.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every axe rule on the page and returns the violations, all of them. axe runs in the page
 * and its frames, and only violations get every node listed, which saves most of axe's time on a
 * long page.
 */
export async function findA11yViolations(page: Page, exclude?: string): Promise<AxeViolation[]> {
  // The page as a reader sees it once it is still: colours halfway through a transition (a button
  // restyled under the pointer) are not what anyone reads. Endless animations are left running.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished),
    ),
  );
  for (const frame of page.frames()) await injectAxe(frame);
  const results = await page.evaluate(
    (excluded) =>
      (window as unknown as { axe: Axe }).axe.run(excluded ? { exclude: [excluded] } : document, {
        resultTypes: ["violations"],
      }),
    exclude ?? null,
  );
  return results.violations;
}

/**
 * Fails with the list of violations when axe finds anything serious or critical on the page.
 * `exclude`: parts that are not the site's UI, such as a sandboxed email preview (axe cannot run
 * inside a frame that allows no scripts).
 */
export async function expectNoSeriousA11yViolations(page: Page, exclude?: string): Promise<void> {
  const serious = (await findA11yViolations(page, exclude))
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * A real 1×1 PNG with random bytes after its end (decoders stop at IEND): a different file at each
 * call. The library keeps one copy of identical uploads (issue 17), so specs running side by side
 * must not upload the same bytes and then delete or count "their" image.
 */
export function makeUniquePng(): Buffer {
  return Buffer.concat([
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    ),
    randomBytes(16),
  ]);
}

/**
 * Holds the page's requests to `url` (a glob, as page.route takes) as a slow network would, until
 * the returned function is called; then they go on to the server.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens the e2e server's database, for tests that need to set up state directly. */
export function openE2eDatabase(): Kysely<Tables> {
  const sqlite = new DatabaseSync(readE2eState(baseURL).databasePath);
  sqlite.exec("pragma busy_timeout = 5000");
  return new Kysely<Tables>({ dialect: new NodeSqliteDialect(sqlite) });
}

/** Signs the browser context in as the e2e admin by creating a session in the database. */
export async function signInWithSessionCookie(context: BrowserContext, url: string): Promise<void> {
  const db = openE2eDatabase();
  try {
    const admin = await findAdminByEmail(db, e2eAdmin.email);
    if (!admin) throw new Error("The e2e admin does not exist");
    const id = await createSession(db, admin.id);
    await context.addCookies([{ name: getSessionCookieName(false), value: id, url }]);
  } finally {
    await db.destroy();
  }
}

/**
 * The address a page gives one of the site's own images: its plain path with a hash of its bytes
 * before the extension (/images/a/b.svg becomes /images/a/b.1a2b3c4d5e.svg), cached for a year.
 */
export function hashedImage(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\\\.([a-z0-9]+)$/i, "\\.[0-9a-f]{10}\\.$1")}$`);
}

/** Any address of one of the site's own images, plain or hashed, for page.route(). */
export function anyImageAddress(url: string): RegExp {
  const pattern = hashedImage(url)
    .source.slice(1, -1)
    .replace("\\.[0-9a-f]{10}", "(\\.[0-9a-f]{10})?");
  return new RegExp(`${pattern}$`);
}
