// Before a fresh process takes visitors it asks itself for the main pages once: its first renders
// (code compiled, route modules loaded, the page cache empty) are many times slower than the next,
// and on a socket shared with the process it replaces (an upgrade) the old one serves meanwhile.

import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";

/** The pages most visitors land on; each is asked for as a full page and compressed. */
const warmPaths = ["/", "/services", "/about", "/blog", "/case-studies", "/contact"];
/** However slow the machine, the process starts serving after this long. */
const warmUpBudgetMs = 8_000;

function askOnce(port: number, path: string, siteUrl: URL, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: {
          host: siteUrl.host,
          "x-forwarded-proto": siteUrl.protocol.slice(0, -1),
          "accept-encoding": "gzip, br",
          accept: "text/html",
        },
        timeout: Math.max(1, deadline - Date.now()),
      },
      (res) => {
        res.resume();
        res.on("end", resolve);
        res.on("error", () => resolve());
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve());
    req.end();
  });
}

/** Answers the main pages once through the app on a private loopback port; never throws. */
export async function warmUpSite(
  app: (req: IncomingMessage, res: ServerResponse) => void,
  siteUrl: string,
  logger: Logger,
): Promise<void> {
  const started = Date.now();
  const deadline = started + warmUpBudgetMs;
  const server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      // Exclusive: in a cluster worker, a port of its own, which the primary neither shares nor
      // takes for the worker's serving port being listened on.
      server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const url = new URL(siteUrl);
    for (const path of warmPaths) {
      if (Date.now() >= deadline) break;
      await askOnce(port, path, url, deadline);
    }
    logger.debug({ ms: Date.now() - started }, "Warmed up the main pages before serving");
  } catch (error) {
    logger.warn({ err: error }, "Warm-up skipped: serving cold");
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
