// `npm run dev`: the same server with Vite's middleware and hot reload. Run with
// --conditions=development (package.json) so Node and Vite load the same React Router build.
import { createServer } from "node:http";
import { ensureInstalled, ensureNodeVersion } from "./setup.ts";

ensureNodeVersion();
ensureInstalled();
const { createServer: createViteServer } = await import("vite");
const express = (await import("express")).default;

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
type ServerModule = typeof import("../server/app.ts");
const site = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
const services = await site.bootServices({ NODE_ENV: "development", ...process.env });
const jobs = site.startBackgroundJobs(services);

const app = express();
app.use(vite.middlewares);
app.use(async (req, res, next) => {
  try {
    // Reloaded per request so that edits to server code apply without a restart.
    const fresh = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
    fresh.createSiteApp(services, { mode: "development" })(req, res, next);
  } catch (error) {
    vite.ssrFixStacktrace(error as Error);
    next(error);
  }
});
const port = services.config.PORT;
createServer(app).listen(port, services.config.HOST, () => {
  console.log(`Development server on http://localhost:${port}`);
});

// Stop the mail worker before the database closes, so no send is cut off half-recorded.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await jobs.stop();
    await services.db.destroy();
    process.exit(0);
  });
}
