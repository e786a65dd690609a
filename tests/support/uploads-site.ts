// A test site with its own uploads folder (read once, at boot, for the import of older uploads) and
// image cache, started once per suite and signed in before each test: the set-up every suite of
// the media library, the editors' images and the previews repeats.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
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
  let folder: string | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "uploads-"));
    const uploadsDir = join(folder, "uploads");
    await mkdir(uploadsDir);
    site = await startTestSite(await kind.create(), {
      UPLOADS_DIR: uploadsDir,
      IMAGE_CACHE_DIR: join(folder, "image-cache"),
    });
    hooks.started(site, uploadsDir);
  });
  afterAll(async () => {
    await site?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (!site) return;
    await resetLoginThrottles(site);
    hooks.signedIn(await logInCookie(site));
  });
}

/** useUploadsSite's site and the cookie of the test running, read once the hooks have run. */
export function useSignedInUploadsSite(kind: TestDatabaseKind): {
  readonly site: TestSite;
  readonly cookie: string;
} {
  const state: { site?: TestSite; cookie?: string } = {};
  useUploadsSite(kind, {
    started: (site) => {
      state.site = site;
    },
    signedIn: (cookie) => {
      state.cookie = cookie;
    },
  });
  return {
    get site() {
      if (!state.site) throw new Error("the site starts before the suite's tests");
      return state.site;
    },
    get cookie() {
      return state.cookie ?? "";
    },
  };
}
