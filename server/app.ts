// The site's HTTP application, bundled by Vite with every route: security headers, compression,
// static files, request logs, size limits, health check and the React Router handler.
// server/index.ts boots it in production; scripts/dev.ts loads it through Vite in development.
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { toSlug } from "~/content/slug";
import { maxUploadBodyBytes } from "~/media/image-rules";
import { redirectToCanonicalPath } from "~/server/canonical-path.server";
import type { AppServices } from "~/server/context.server";
import { appContext } from "~/server/context.server";
import { loadInlineStylesheet } from "~/server/inline-stylesheet.server";
import { loadImageVersions, serveVersionedImage } from "~/server/media/image-versions.server";
import { getUploadsDir, uploadsUrlPath } from "~/server/media/images.server";
import {
  baseSecurityHeaders,
  defaultContentSecurityPolicy,
  hstsHeader,
} from "~/server/security-headers.server";
import { getSiteContent } from "~/server/site-content.server";
import { servePrecompressed } from "~/server/static-files.server";

export { runAdminCommand } from "~/server/admin-cli.server";
export { bootServices } from "~/server/boot.server";
export { startBackgroundJobs } from "~/server/leads/background-jobs.server";

/** Largest request body accepted; the content editor's saves are the biggest bodies we take. */
export const maxBodyBytes = 1024 * 1024;

/** The footer's old service paths (DESIGN.md section 9), answered with 301 to the matching service. */
const legacyServicePaths = [
  "it-strategy",
  "network-security",
  "cloud-infrastructure",
  "managed-it",
];

export type SiteAppOptions = {
  mode: "production" | "development";
  /** Where the client build lives; production only. */
  clientDir?: string;
};

function sendJsonError(res: Response, status: number, message: string) {
  res.status(status).type("application/json").send(JSON.stringify({ message }));
}

export function createSiteApp(services: AppServices, options: SiteAppOptions) {
  const { config, db, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.set("etag", false);

  app.use((req: Request, res: Response, next: NextFunction) => {
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
    for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
    if (config.secure) res.setHeader("Strict-Transport-Security", hstsHeader);
    // HTML documents bring their own policy (entry.server.tsx); everything else gets the strict
    // default. Set at the last moment: two CSP headers would both be enforced. A 304 gets none:
    // the browser would pair a new policy with the stored page, whose scripts carry the old nonce.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (status !== 304 && !this.hasHeader("content-security-policy")) {
        this.setHeader("Content-Security-Policy", defaultContentSecurityPolicy);
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const length = Number(req.headers["content-length"] ?? 0);
    // Image uploads (up to 2 MB) are the one larger body; the endpoint checks the file itself.
    const cap = req.path === "/api/admin/images" ? maxUploadBodyBytes : maxBodyBytes;
    if (length > cap) return sendJsonError(res, 413, "The request is too large");
    if (req.headers["transfer-encoding"] && !req.headers["content-length"]) {
      return sendJsonError(res, 411, "The request must say how long its body is");
    }
    next();
  });

  app.use(compression());

  app.use((req: Request, res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch {
      res.status(400).type("text/plain").send("Bad request: the address is not a valid URL");
    }
  });

  // One address per page: /About/ and //about answer 301 to /about.
  app.use(redirectToCanonicalPath);

  app.get("/healthz", async (_req: Request, res: Response) => {
    try {
      await db.selectFrom("admins").select("id").limit(1).execute();
      res.setHeader("Cache-Control", "no-store");
      res.json({ status: "ok" });
    } catch {
      sendJsonError(res, 503, "Database unavailable");
    }
  });

  app.get("/services/:slug", async (req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    if (!legacyServicePaths.includes(slug)) return next();
    const { content } = await getSiteContent(db, logger);
    const slugs = content.services.items.map((item) => toSlug(item.title));
    if (slugs.includes(slug)) return next();
    const target = slugs.find((candidate) => candidate.startsWith(`${slug}-`));
    res.redirect(301, target ? `/services/${target}` : "/services");
  });

  // Uploaded images: random names never reused, so cached for good; the strict default CSP and
  // nosniff above keep any file from being run as a page or script.
  app.use(
    uploadsUrlPath,
    express.static(getUploadsDir(config), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
    }),
  );

  if (options.mode === "production" && options.clientDir) {
    loadInlineStylesheet(options.clientDir);
    loadImageVersions(options.clientDir);
    // Brotli and gzip copies made at build time, sent in preference to compressing each time.
    app.use("/assets", servePrecompressed(`${options.clientDir}/assets`, { immutable: true }));
    app.use(serveVersionedImage);
    // No redirect of folders to "/": /images is the media library page, not public/images/.
    app.use(servePrecompressed(options.clientDir, { immutable: false }));
  }

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: options.mode,
      getLoadContext(req: Request) {
        const context = new RouterContextProvider();
        context.set(appContext, {
          ...services,
          nonce: randomBytes(16).toString("base64"),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        });
        return context;
      },
    }),
  );

  // A malformed URL or a request Express itself refuses gets a 4xx, never a 500 page.
  app.use(
    (error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      if (status === 500) logger.error({ err: error }, "Unhandled request error");
      if (res.headersSent) return res.end();
      sendJsonError(res, status, status === 500 ? "Something went wrong" : "Bad request");
    },
  );

  return app;
}
