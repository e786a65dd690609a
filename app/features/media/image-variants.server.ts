// Serves the sizes of uploaded images (issue 18): /images/uploads/<id>.w<width>.<format>, made by
// sharp on first request, once per variant however many ask at once, a few at a time so a burst
// of new images cannot starve page serving, then sent from this instance's disk cache for good.
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { renderImageVariant } from "./image-processing.server";
import { getImageStore, type StoredOriginal } from "./image-store.server";
import {
  getVariantContentType,
  listVariantFormats,
  listVariantWidths,
  parseVariantPath,
  type VariantRequest,
} from "./image-variants";

const immutableCaching = "public, max-age=31536000, immutable";
/** The original sent in a variant's place may be replaced by the variant a minute later. */
const fallbackCaching = "public, max-age=60";
/** A variant that failed is not tried again for this long (the original is served meanwhile). */
const failureRetryMs = 10 * 60 * 1000;
const maxRememberedFailures = 10_000;

export type VariantHandlerOptions = {
  /** Renders at once; default one fewer than the cores, at least one. */
  concurrency?: number;
  /** Renders waiting for a turn; past it the original is served. Default 64. */
  queueLimit?: number;
};

type Services = { config: Config; db: Db; logger: Logger };

/** How a variant was answered, in Server-Timing so operators (and tests) see it. */
type Outcome = "cached" | "rendered" | "joined" | "original-busy" | "original-failed";

/** A semaphore with a bounded queue: run() answers undefined when the queue is full. */
function createRenderQueue(concurrency: number, queueLimit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    run<T>(task: () => Promise<T>): Promise<T> | undefined {
      if (running >= concurrency && waiting.length >= queueLimit) return undefined;
      const turn =
        running < concurrency
          ? Promise.resolve()
          : new Promise<void>((resolve) => waiting.push(resolve));
      if (running < concurrency) running++;
      return turn.then(task).finally(() => {
        const next = waiting.shift();
        // The slot passes straight to the next task; running counts it still.
        if (next) next();
        else running--;
      });
    },
  };
}

function setTiming(res: Response, outcome: Outcome, started: bigint) {
  const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
  res.setHeader("Server-Timing", `variant;desc="${outcome}";dur=${ms}`);
}

function sendFile(
  res: Response,
  next: NextFunction,
  file: string,
  headers: Record<string, string>,
) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.sendFile(
    resolve(file),
    { cacheControl: false, lastModified: false, dotfiles: "allow" },
    (error) => {
      if (error && !res.headersSent) next(error);
    },
  );
}

/**
 * The Express middleware for variant addresses; every other request goes on to next(). 404 for
 * an unknown upload, a width not offered for it (never wider than the original) or a format not
 * offered. A render that fails, or a queue that is full, answers the original with a short
 * Cache-Control; a failure is logged once per variant, not per request.
 */
export function createVariantHandler(services: Services, options: VariantHandlerOptions = {}) {
  const { logger } = services;
  const store = getImageStore(services);
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism() - 1);
  const queue = createRenderQueue(concurrency, options.queueLimit ?? 64);
  const inFlight = new Map<string, Promise<string>>();
  const failures = new Map<string, number>();
  let lastBusyLog = 0;

  function recentlyFailed(key: string): boolean {
    const at = failures.get(key);
    return at !== undefined && Date.now() - at < failureRetryMs;
  }

  function recordFailure(key: string, error: unknown) {
    const known = failures.has(key);
    failures.delete(key);
    failures.set(key, Date.now());
    if (failures.size > maxRememberedFailures) {
      const oldest = failures.keys().next().value;
      if (oldest !== undefined) failures.delete(oldest);
    }
    if (!known) {
      logger.error(
        { err: error, variant: key },
        "image variant could not be made; serving the original",
      );
    }
  }

  /** The cached variant's file, made now or by a request already making it. */
  function makeVariant(
    key: string,
    original: StoredOriginal,
    wanted: VariantRequest,
  ): { made: Promise<string>; joined: boolean } | undefined {
    const pending = inFlight.get(key);
    if (pending) return { made: pending, joined: true };
    const made = queue.run(async () => {
      const started = process.hrtime.bigint();
      const bytes = await renderImageVariant(original.file, wanted.width, wanted.format);
      const file = await store.cache.put(key, bytes);
      logger.info(
        {
          variant: key,
          bytes: bytes.length,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        "image variant rendered",
      );
      return file;
    });
    if (!made) return undefined;
    const shared = made.finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
    // The requests that joined handle the failure; this keeps an unjoined one from going unhandled.
    shared.catch(() => {});
    return { made: shared, joined: false };
  }

  return async function serveImageVariant(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const wanted = parseVariantPath(req.path);
    if (!wanted) return next();
    const started = process.hrtime.bigint();
    try {
      const key = `${wanted.id}.w${wanted.width}.${wanted.format}`;
      const contentType = getVariantContentType(wanted.format);
      const variantHeaders = {
        "Content-Type": contentType,
        "Cache-Control": immutableCaching,
        "X-Content-Type-Options": "nosniff",
      };
      // A variant made before is sent without a look at the database.
      const cached = store.cache.find(key);
      if (cached) {
        setTiming(res, "cached", started);
        return sendFile(res, next, cached, variantHeaders);
      }
      const original = await store.openOriginal(wanted.id);
      if (
        !original?.width ||
        !listVariantWidths(original.width).includes(wanted.width) ||
        !listVariantFormats(original.extension).includes(wanted.format)
      ) {
        res.status(404).setHeader("Cache-Control", "no-store");
        return res.type("text/plain").send("Not found");
      }
      const sendOriginal = (outcome: Outcome) => {
        setTiming(res, outcome, started);
        sendFile(res, next, original.file, {
          "Content-Type": original.contentType,
          "Cache-Control": fallbackCaching,
          "X-Content-Type-Options": "nosniff",
        });
      };
      if (recentlyFailed(key)) return sendOriginal("original-failed");
      const making = makeVariant(key, original, wanted);
      if (!making) {
        if (Date.now() - lastBusyLog > 60_000) {
          lastBusyLog = Date.now();
          logger.warn({ variant: key }, "image variants queue full; serving originals meanwhile");
        }
        return sendOriginal("original-busy");
      }
      let file: string;
      try {
        file = await making.made;
      } catch (error) {
        recordFailure(key, error);
        return sendOriginal("original-failed");
      }
      setTiming(res, making.joined ? "joined" : "rendered", started);
      sendFile(res, next, file, variantHeaders);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Forgets an upload's variants in this instance's cache, for when the upload is deleted: the
 * handler sends a cached variant without asking the database, so it must not outlive its image.
 */
export async function removeImageVariants(
  services: Services,
  image: { id: string; width: number; extension: string },
): Promise<void> {
  const { cache } = getImageStore(services);
  const keys = listVariantWidths(image.width).flatMap((width) =>
    listVariantFormats(image.extension).map((format) => `${image.id}.w${width}.${format}`),
  );
  await Promise.all(keys.map((key) => cache.remove(key)));
}
