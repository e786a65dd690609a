// Starts the real production build (build/server/index.js) on a free port with a fresh database,
// for integration tests of the HTTP surface. Run `npm run build` first (npm test does).
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AppServices } from "~/platform/context.server";
import type * as SiteModule from "../../server/app";
import { makeOwnSiteFolders, type TestDatabase } from "./databases";

const buildFile = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));

export const testAdmin = { email: "owner@example.com", password: "correct horse battery" };

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

export async function startTestSite(
  database: TestDatabase,
  env: Record<string, string> = {},
  appOptions: Partial<SiteModule.SiteAppOptions> = {},
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
  const app = site.createSiteApp(services, { mode: "production", clientDir, ...appOptions });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    site,
    pageCache: app.pageCache,
    app,
    close: async () => {
      await app.visits.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.db.destroy();
      await database.drop();
      folders.remove();
    },
  };
}
