// Starts the real production build (build/server/index.js) on a free port with a fresh database,
// for integration tests of the HTTP surface. Run `npm run build` first (npm test does).
import { argon2Sync, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Logger } from "pino";
import { formatPasswordHash } from "~/features/admin/admins/passwords.server";
import type { AppServices } from "~/platform/context.server";
import type * as SiteModule from "../../server/app";
import { makeOwnSiteFolders, type TestDatabase } from "./databases";

const buildFile = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));

export const testAdmin = { email: "owner@example.com", password: "correct horse battery" };

/**
 * The test admin's password as an argon2id hash at the lowest cost (64 KiB, 1 pass), in the PHC
 * form the site stores: sign-ins check it in microseconds instead of 30 ms of CPU. The suite signs
 * in about a thousand times; the production parameters are asserted by passwords.server.test.ts,
 * and the sites started as processes keep them.
 */
const cheapTestAdminHash = (() => {
  const params = { memory: 64, passes: 1, parallelism: 1, tagLength: 32 };
  const salt = randomBytes(16);
  const key = argon2Sync("argon2id", { message: testAdmin.password, nonce: salt, ...params });
  return formatPasswordHash(params, salt, key);
})();

export type TestSite = {
  url: string;
  services: AppServices;
  site: typeof SiteModule;
  /** The app's page cache, to see what it keeps. */
  pageCache: SiteModule.SiteApp["pageCache"];
  /** The app itself: its load counters, or to serve it from another server. */
  app: SiteModule.SiteApp;
  close: () => Promise<void>;
};

export async function loadSiteBuild(): Promise<typeof SiteModule> {
  if (!existsSync(buildFile))
    throw new Error("No server build: run `npm run build` before the integration tests");
  return (await import(/* @vite-ignore */ pathToFileURL(buildFile).href)) as typeof SiteModule;
}

/**
 * Another instance of a started site: its app on the same database (not prepared again), with
 * its own options, as a second server process or the same one restarted.
 */
export async function startSiteInstance(
  first: TestSite,
  databaseUrl: string,
  appOptions: Partial<SiteModule.SiteAppOptions> = {},
): Promise<{ url: string; app: SiteModule.SiteApp; close: () => Promise<void> }> {
  const services = await first.site.bootServices(
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      PORT: "0",
      IMAGE_CACHE_DIR: first.services.config.IMAGE_CACHE_DIR ?? "",
      UPLOADS_DIR: first.services.config.UPLOADS_DIR ?? "",
    },
    { prepare: false },
  );
  const app = first.site.createSiteApp(services, { mode: "production", clientDir, ...appOptions });
  const { url, stop } = await listenLocally(app);
  return {
    url,
    app,
    close: async () => {
      await Promise.all([app.visits.stop(), app.clicks.stop()]);
      await stop();
      await services.db.destroy();
    },
  };
}

async function listenLocally(app: SiteModule.SiteApp) {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url: `http://127.0.0.1:${port}`, stop };
}

export async function startTestSite(
  database: TestDatabase,
  env: Record<string, string> = {},
  appOptions: Partial<SiteModule.SiteAppOptions> = {},
  /**
   * productionPasswordHash: keep the seeded hash, for tests that time a sign-in; logger: the app's
   * own (the services keep theirs), for tests that read what it logs.
   */
  {
    productionPasswordHash = false,
    logger,
  }: { productionPasswordHash?: boolean; logger?: Logger } = {},
): Promise<TestSite> {
  const site = await loadSiteBuild();
  const folders = makeOwnSiteFolders({ DATABASE_URL: database.url, ...env });
  const services = await site.bootServices({
    DATABASE_URL: database.url,
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    LOG_LEVEL: "silent",
    PORT: "0",
    ...folders.env,
    ...env,
  });
  // Only the admin this file seeds: a test that names its own keeps the hash it was given.
  if (!productionPasswordHash && !env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    await services.db
      .updateTable("admins")
      .set({ password_hash: cheapTestAdminHash })
      .where("email", "=", testAdmin.email)
      .execute();
  }
  const app = site.createSiteApp(logger ? { ...services, logger } : services, {
    mode: "production",
    clientDir,
    ...appOptions,
  });
  const { url, stop } = await listenLocally(app);
  return {
    url,
    services,
    site,
    pageCache: app.pageCache,
    app,
    close: async () => {
      await Promise.all([app.visits.stop(), app.clicks.stop()]);
      app.loopDelay.stop();
      await stop();
      await services.db.destroy();
      await database.drop();
      folders.remove();
    },
  };
}
