// Every answer past admission: logged once sent, with the security headers, a default CSP for an
// answer without its own, and "Connection: close" while the process shuts down.
import type { Response } from "express";
import type { Logger } from "pino";
import type { Config } from "~/platform/config.server";
import {
  baseSecurityHeaders,
  buildHstsHeader,
  defaultContentSecurityPolicy,
} from "~/platform/http/security-headers.server";
import { isShuttingDown } from "../serving.server";
import type { Stage } from "../stage.server";

/** The headers every response carries (security headers, HSTS on a secure site). */
export function readBaseHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = { ...baseSecurityHeaders };
  if (config.secure)
    headers["Strict-Transport-Security"] = buildHstsHeader(config.HSTS_INCLUDE_SUBDOMAINS);
  return headers;
}

export function makeResponseHeadersStage(
  logger: Logger,
  baseHeaders: Record<string, string>,
): Stage {
  return {
    name: "log and headers",
    mount(app) {
      app.use((req, res, next) => {
        const started = process.hrtime.bigint();
        res.on("finish", () => {
          logger.info(
            {
              method: req.method,
              url: req.originalUrl,
              status: res.statusCode,
              ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
              bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
            },
            "request",
          );
        });
        for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
        // HTML documents bring their own policy (entry.server.tsx); everything else gets the strict
        // default. Set at the last moment: two CSP headers would both be enforced. A 304 gets none:
        // the browser would pair a new policy with the stored page, whose scripts carry the old nonce.
        const writeHead = res.writeHead;
        res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
          const status = typeof args[0] === "number" ? args[0] : this.statusCode;
          if (status !== 304 && !this.hasHeader("content-security-policy")) {
            this.setHeader("Content-Security-Policy", defaultContentSecurityPolicy);
          }
          // While shutting down, every answer tells a keep-alive client to open a new connection,
          // also one whose request arrived before the shutdown began.
          if (isShuttingDown()) this.setHeader("Connection", "close");
          return writeHead.apply(this, args);
        } as typeof writeHead;
        next();
      });
    },
  };
}
