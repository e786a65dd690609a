// A test site with its own uploads folder, started once per suite and signed in before each test:
// the set-up every suite of the media library, the editors' images and the previews repeats.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { logInCookie, resetLoginThrottles } from "./admin-requests";
import type { TestDatabaseKind } from "./databases";
import { startTestSite, type TestSite } from "./test-site";

/** Registers the suite's hooks; `started` gets the site and its folder, `signedIn` each cookie. */
export function useUploadsSite(
  kind: TestDatabaseKind,
  hooks: {
    started: (site: TestSite, uploadsDir: string) => void;
    signedIn: (cookie: string) => void;
  },
): void {
  let site: TestSite | undefined;
  let uploadsDir: string | undefined;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), "uploads-"));
    site = await startTestSite(await kind.create(), { UPLOADS_DIR: uploadsDir });
    hooks.started(site, uploadsDir);
  });
  afterAll(async () => {
    await site?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (!site) return;
    await resetLoginThrottles(site);
    hooks.signedIn(await logInCookie(site));
  });
}
