// Serves uploads' originals, /images/uploads/<id>.<png|jpg|webp>, from the image store (this
// instance's disk cache, filled from the database on a miss), so every instance serves every
// upload. Anything else under the path goes to the next handler.
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/unavailable.server";
import { uploadsUrlPath } from "./image-rules";
import { getImageStore } from "./image-store.server";
import { parseUploadUrl } from "./image-variants";

/** Express middleware for uploads' originals; mount it at uploadsUrlPath. */
export function createOriginalImageHandler(services: { config: Config; db: Db; logger: Logger }) {
  return function serveOriginalImage(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const upload = parseUploadUrl(`${uploadsUrlPath}${req.path}`);
    if (!upload) return next();
    // Opened on first use, not at start, so a server without images never makes the folder.
    let store: ReturnType<typeof getImageStore>;
    try {
      store = getImageStore(services);
    } catch (error) {
      return next(error);
    }
    const send = (retry: boolean) => {
      store.openOriginal(upload.id).then(
        (original) => {
          if (!original || original.extension !== upload.extension) {
            res.status(404).type("text/plain").send("No uploaded image has this address");
            return;
          }
          // The name is random and never given other bytes: cached for good, and the name is
          // the ETag (the app turns Express's own off). sendFile answers If-None-Match and
          // If-Modified-Since with 304, and HEAD without a body.
          res.setHeader("ETag", `"${upload.id}.${upload.extension}"`);
          if (original.bytes) {
            // The cache could not take it: the database's bytes, answered the same way.
            res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
            res.setHeader("Content-Type", original.contentType);
            res.setHeader("X-Content-Type-Options", "nosniff");
            if (req.fresh) {
              res.status(304).end();
              return;
            }
            res.setHeader("Content-Length", String(original.bytes.length));
            res.status(200).end(req.method === "HEAD" ? undefined : Buffer.from(original.bytes));
            return;
          }
          res.sendFile(
            original.file,
            {
              immutable: true,
              maxAge: "1y",
              dotfiles: "allow",
              headers: {
                "Content-Type": original.contentType,
                "X-Content-Type-Options": "nosniff",
              },
            },
            (error?: Error & { code?: string }) => {
              if (!error || res.headersSent) return;
              // Evicted from the cache between the lookup and the send: fetched again, once.
              if (retry && error.code === "ENOENT") {
                store.forgetOriginal(upload.id).then(() => send(false), next);
                return;
              }
              next(error);
            },
          );
        },
        (error: unknown) => {
          if (!isDatabaseUnavailable(error)) return next(error);
          logDatabaseUnavailable(services.logger, error, { method: req.method, url: req.url });
          res.setHeader("Retry-After", String(databaseRetryAfterSeconds));
          res.setHeader("Cache-Control", "no-store");
          res.status(503).type("text/plain").send(databaseUnavailableMessage);
        },
      );
    };
    send(true);
  };
}
