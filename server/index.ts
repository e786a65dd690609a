// Production entry: boots the services, serves the built site on PORT and, on SIGTERM or SIGINT,
// stops accepting connections and lets in-flight requests finish before it exits.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

type ServerModule = typeof import("./app.ts");

const buildDir = fileURLToPath(new URL("../build/", import.meta.url));
const site: ServerModule = await import(new URL("server/index.js", `file://${buildDir}`).href);

let services: Awaited<ReturnType<ServerModule["bootServices"]>>;
try {
  services = await site.bootServices(process.env);
} catch (error) {
  // A bad configuration or an unusable database: say which, and stop.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Background work (the mail outbox) runs beside the HTTP server, never in a request.
const jobs = site.startBackgroundJobs(services);

const app = site.createSiteApp(services, { mode: "production", clientDir: `${buildDir}client` });
const server = createServer({ requestTimeout: 30_000, headersTimeout: 15_000 }, app);
server.keepAliveTimeout = 5_000;

server.on("error", (error: NodeJS.ErrnoException) => {
  const reason =
    error.code === "EADDRINUSE"
      ? `Port ${services.config.PORT} is already in use: stop the other server or set PORT`
      : error.message;
  services.logger.fatal({ err: error }, reason);
  console.error(reason);
  process.exit(1);
});

server.listen(services.config.PORT, services.config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : services.config.PORT;
  services.logger.info({ port, url: services.config.SITE_URL }, `Site listening on port ${port}`);
});

let stopping = false;
function shutDown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.logger.info({ signal }, "Shutting down: finishing in-flight requests");
  // The worker finishes the mail it is sending; anything left stays in the outbox for next time.
  const jobsStopped = jobs.stop();
  server.close(async () => {
    await jobsStopped;
    await services.db.destroy();
    services.logger.info("Stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
  // Requests still running after 10 s are cut off rather than holding the shutdown forever.
  setTimeout(() => {
    server.closeAllConnections();
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutDown("SIGTERM"));
process.on("SIGINT", () => shutDown("SIGINT"));
