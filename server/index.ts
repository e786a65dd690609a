// Production entry: boots the services, serves the built site on PORT and on SIGTERM/SIGINT lets
// in-flight requests finish and exits within 8 s. With WEB_CONCURRENCY above 1 it prepares the
// database and runs that many workers, each running this module.
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";

type ServerModule = typeof import("./app.ts");

// React and react-dom choose their build from NODE_ENV when first loaded (by the import below): this
// entry always runs the production ones, whatever the shell holds; `npm run dev` is development.
const askedMode = process.env.NODE_ENV;
process.env.NODE_ENV = "production";

const buildDir = fileURLToPath(new URL("../build/", import.meta.url));
const site: ServerModule = await import(new URL("server/index.js", `file://${buildDir}`).href);
// Before any serving: a flood of short-lived sockets must not leave the process hundreds of MB larger.
site.boundHeapGrowth();

let services: Awaited<ReturnType<ServerModule["bootServices"]>>;
try {
  services = await site.bootServices(process.env, { prepare: cluster.isPrimary });
  if (askedMode && askedMode !== "production" && cluster.isPrimary) {
    services.logger.warn(
      `NODE_ENV=${askedMode} ignored: this entry always runs production (npm run dev is development)`,
    );
  }
} catch (error) {
  // A bad configuration, an unusable database or a folder it cannot write: say which, and stop.
  console.error(
    site.describeOperatorFault(error) ?? (error instanceof Error ? error.message : error),
  );
  process.exit(1);
}

if (cluster.isPrimary && services.config.WEB_CONCURRENCY > 1) {
  // The primary serves nothing: the database is migrated and seeded, the workers take over.
  await services.db.destroy();
  site.runWorkerPool({
    count: services.config.WEB_CONCURRENCY,
    exec: fileURLToPath(import.meta.url),
    logger: services.logger,
  });
} else {
  await serve(services);
}

async function serve(booted: Awaited<ReturnType<ServerModule["bootServices"]>>) {
  // Each worker's log lines say which worker wrote them.
  const services = cluster.isWorker
    ? { ...booted, logger: booted.logger.child({ worker: cluster.worker?.id, pid: process.pid }) }
    : booted;
  // The start's own work (loading the app, answering its main pages) holds the loop before any
  // visitor can be waiting: a stall meanwhile is logged as the start's, not the jobs' under way.
  const starting = site.trackWork("start: load the app and answer its main pages");
  // Background work (the mail outbox) runs beside the HTTP server, never in a request.
  const jobs = site.startBackgroundJobs(services);

  const app = site.createSiteApp(services, { mode: "production", clientDir: `${buildDir}client` });
  const server = site.createSiteServer(app, {
    logger: services.logger,
    isTrustedPeer: (address) => app.isTrustedProxy(address, 0),
  });

  server.on("error", (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === "EADDRINUSE"
        ? `Port ${services.config.PORT} is already in use: stop the other server or set PORT`
        : error.message;
    services.logger.fatal({ err: error }, reason);
    console.error(reason);
    process.exit(1);
  });

  const onListening = () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : services.config.PORT;
    services.logger.info(
      { port, url: services.config.SITE_URL, mode: process.env.NODE_ENV },
      `Site listening on port ${port} (${process.env.NODE_ENV})`,
    );
  };
  // Visitors reach a warm process: its first renders are slow, and on a shared socket (an upgrade)
  // the process it replaces answers meanwhile.
  await site.warmUpSite(app, services.config.SITE_URL, services.logger);
  starting();
  const passedSocket = readSystemdSocket();
  if (passedSocket === undefined) {
    server.listen(services.config.PORT, services.config.HOST, onListening);
  } else {
    server.listen({ fd: passedSocket }, onListening);
  }

  // The last line of defence: an error nothing else caught is logged, and the process goes on
  // serving rather than dropping every connection (the database layer handles its own errors).
  process.on("uncaughtException", (error) => {
    services.logger.error({ err: error }, "Uncaught exception");
  });
  process.on("unhandledRejection", (reason) => {
    services.logger.error({ err: reason }, "Unhandled promise rejection");
  });

  let stopping = false;
  async function shutDown(signal: string) {
    if (stopping) return;
    stopping = true;
    services.logger.info({ signal }, "Shutting down: finishing in-flight requests");
    // Whatever happens below, the process is gone before the platform's 10 s SIGKILL.
    setTimeout(() => process.exit(0), site.shutdownTimings.exitMs - 100).unref();
    await site.shutDownGracefully({
      server,
      logger: services.logger,
      // The worker finishes the mail it is sending; anything left stays in the outbox for next time.
      // The visit counts and newsletter clicks still in memory are written.
      stopJobs: async () => {
        await Promise.all([jobs.stop(), app.visits.stop(), app.clicks.stop()]);
      },
      closeDatabase: () => services.db.destroy(),
    });
    services.logger.info("Stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => shutDown("SIGTERM"));
  process.on("SIGINT", () => shutDown("SIGINT"));
}

/**
 * The listening socket systemd passes (deploy/systemd/clearline.socket) as fd 3, to this process or,
 * in a worker, to its primary. systemd keeps it open while the site restarts, so visitors' connections
 * wait in its queue instead of being refused.
 */
function readSystemdSocket(): number | undefined {
  if (process.env.LISTEN_FDS !== "1") return undefined;
  const owner = Number(process.env.LISTEN_PID);
  return owner === process.pid || (cluster.isWorker && owner === process.ppid) ? 3 : undefined;
}
