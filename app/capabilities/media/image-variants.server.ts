// Serves the sizes of uploaded images: /images/uploads/<id>.w<width>.<format>, made by
// sharp on first request, once per variant however many ask at once, a few at a time so a burst
// of new images cannot starve page serving, then sent from this instance's disk cache for good.
import { readdir, readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { isClientGone } from "~/platform/http/client-gone.server";
import { withDefaultPolicy } from "~/platform/http/security-headers.server";
import type { ImageCache } from "./image-cache.server";
import { createRenderQueue, renderImageVariant } from "./image-processing.server";
import { getImageStore, type StoredOriginal } from "./image-store.server";
import {
  getVariantContentType,
  listServedFormats,
  listVariantWidths,
  parseVariantPath,
  type VariantRequest,
} from "./image-variants";
import { drawSvgAsPng, readSvgSource } from "./svg-images.server";

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
  /** Headers every answer carries (the site's security headers), for answers sent before Express. */
  baseHeaders?: Record<string, string>;
};

/** Bytes of sizes kept in memory per cache; most pages show a few images many times. */
const memoryBytes = 32 * 1024 * 1024;
/** A size larger than this is sent from disk each time rather than held. */
const largestInMemory = 512 * 1024;

/**
 * The most recently served sizes, in memory: a hit is answered without a file system call, so a
 * cached size is served at nearly the rate nginx serves a file. One per disk cache, so removing an
 * image's sizes (removeImageVariants) forgets them here too.
 */
type MemoryStore = { entries: Map<string, Buffer>; total: number };
const memoryStores = new WeakMap<ImageCache, MemoryStore>();

function getMemoryStore(cache: ImageCache): MemoryStore {
  let store = memoryStores.get(cache);
  if (!store) {
    store = { entries: new Map(), total: 0 };
    memoryStores.set(cache, store);
  }
  return store;
}

function findInMemory(store: MemoryStore, key: string): Buffer | undefined {
  const bytes = store.entries.get(key);
  if (bytes) {
    // Re-inserted, so the Map's order stays least recently used first.
    store.entries.delete(key);
    store.entries.set(key, bytes);
  }
  return bytes;
}

function keepInMemory(store: MemoryStore, key: string, bytes: Buffer) {
  if (bytes.length > largestInMemory) return;
  forgetInMemory(store, key);
  store.entries.set(key, bytes);
  store.total += bytes.length;
  for (const [oldest, held] of store.entries) {
    if (store.total <= memoryBytes) break;
    store.entries.delete(oldest);
    store.total -= held.length;
  }
}

function forgetInMemory(store: MemoryStore, key: string) {
  const held = store.entries.get(key);
  if (!held) return;
  store.entries.delete(key);
  store.total -= held.length;
}

type Services = { config: Config; db: Db; logger: Logger };

/** How a variant was answered, in Server-Timing so operators (and tests) see it. */
type Outcome = "cached" | "rendered" | "joined" | "original-busy" | "original-failed";

function setTiming(res: Response, outcome: Outcome, started: bigint) {
  const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
  res.setHeader("Server-Timing", `variant;desc="${outcome}";dur=${ms}`);
}

function sendBytes(res: Response, bytes: Buffer, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Length", String(bytes.length));
  res.status(200);
  if (res.req.method === "HEAD") res.end();
  else res.end(bytes);
}

export type VariantHandler = ((
  req: Request,
  res: Response,
  next: NextFunction,
) => Promise<void>) & {
  /**
   * Answers a GET or HEAD of a size held in memory straight from the Node request, before Express
   * (as the page cache answers its hits); false when it did not answer.
   */
  serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean;
};

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
export function createVariantHandler(
  services: Services,
  options: VariantHandlerOptions = {},
): VariantHandler {
  const { logger } = services;
  const store = getImageStore(services);
  const memory = getMemoryStore(store.cache);
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism() - 1);
  const queue = createRenderQueue(concurrency, options.queueLimit ?? 64);
  const inFlight = new Map<string, Promise<Buffer>>();
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

  /**
   * The variant's bytes, made now or by a request already making it; kept in the disk cache when
   * it can be written (a full or read-only disk only costs making it again next time).
   */
  function makeVariant(
    key: string,
    original: StoredOriginal,
    wanted: VariantRequest,
  ): { made: Promise<Buffer>; joined: boolean } | undefined {
    const pending = inFlight.get(key);
    if (pending) return { made: pending, joined: true };
    const made = queue.run(async () => {
      const started = process.hrtime.bigint();
      const source = original.file ?? original.bytes;
      const bytes =
        original.extension === "svg"
          ? drawSvgAsPng(await readSvgSource(source), wanted.width)
          : await renderImageVariant(source, wanted.width, wanted.format);
      await store.cache.put(key, bytes).catch((error: unknown) => {
        logger.warn(
          { err: error, variant: key },
          "image variant not cached: the cache cannot be written",
        );
      });
      keepInMemory(memory, key, bytes);
      logger.info(
        {
          variant: key,
          bytes: bytes.length,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        "image variant rendered",
      );
      return bytes;
    });
    if (!made) return undefined;
    const shared = made.finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
    // The requests that joined handle the failure; this keeps an unjoined one from going unhandled.
    shared.catch(() => {});
    return { made: shared, joined: false };
  }

  const fastHeaders = Object.entries({
    ...withDefaultPolicy(options.baseHeaders),
    "Cache-Control": immutableCaching,
    "X-Content-Type-Options": "nosniff",
  });

  function serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const wanted = req.url ? parseVariantPath(req.url) : undefined;
    if (!wanted) return false;
    const key = `${wanted.id}.w${wanted.width}.${wanted.format}`;
    const bytes = findInMemory(memory, key);
    if (!bytes) return false;
    const started = process.hrtime.bigint();
    res.writeHead(200, [
      ...fastHeaders.flat(),
      "Content-Type",
      getVariantContentType(wanted.format),
      "Content-Length",
      String(bytes.length),
      "Server-Timing",
      'variant;desc="cached";dur=0',
    ]);
    if (req.method === "HEAD") res.end();
    else res.end(bytes);
    if (logger.isLevelEnabled("info")) {
      logger.info(
        {
          method: req.method,
          url: req.url,
          status: 200,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          cache: "memory",
        },
        "request",
      );
    }
    return true;
  }

  async function serveImageVariant(req: Request, res: Response, next: NextFunction) {
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
      const held = findInMemory(memory, key);
      if (held) {
        setTiming(res, "cached", started);
        return sendBytes(res, held, variantHeaders);
      }
      const cached = store.cache.find(key);
      if (cached) {
        const bytes = await readFile(cached).catch(() => undefined);
        if (bytes) {
          keepInMemory(memory, key, bytes);
          setTiming(res, "cached", started);
          return sendBytes(res, bytes, variantHeaders);
        }
        // Gone from disk behind the cache's back (removed by hand): made again below.
        await store.cache.remove(key);
      }
      const original = await store.openOriginal(wanted.id);
      if (
        !original?.width ||
        !listVariantWidths(original.width, original.extension).includes(wanted.width) ||
        !listServedFormats(original.extension).includes(wanted.format)
      ) {
        res.status(404).setHeader("Cache-Control", "no-store");
        res.type("text/plain").send("Not found");
        return;
      }
      const sendOriginal = (outcome: Outcome) => {
        setTiming(res, outcome, started);
        const headers = {
          "Content-Type": original.contentType,
          "Cache-Control": fallbackCaching,
          "X-Content-Type-Options": "nosniff",
        };
        if (original.bytes) sendBytes(res, Buffer.from(original.bytes), headers);
        else sendFile(res, next, original.file, headers);
      };
      if (recentlyFailed(key)) return sendOriginal("original-failed");
      // Made by another worker process sharing this cache folder: its cache does not know it yet.
      if (!inFlight.has(key)) {
        const made = await readFile(join(store.cache.dir, key)).catch(() => undefined);
        if (made) {
          keepInMemory(memory, key, made);
          setTiming(res, "cached", started);
          return sendBytes(res, made, variantHeaders);
        }
      }
      // A client that left gets no new size made (one already being made is joined for free).
      if (!inFlight.has(key) && isClientGone(res)) return;
      const making = makeVariant(key, original, wanted);
      if (!making) {
        if (Date.now() - lastBusyLog > 60_000) {
          lastBusyLog = Date.now();
          logger.warn({ variant: key }, "image variants queue full; serving originals meanwhile");
        }
        return sendOriginal("original-busy");
      }
      let bytes: Buffer;
      try {
        bytes = await making.made;
      } catch (error) {
        recordFailure(key, error);
        return sendOriginal("original-failed");
      }
      setTiming(res, making.joined ? "joined" : "rendered", started);
      sendBytes(res, bytes, variantHeaders);
    } catch (error) {
      next(error);
    }
  }

  return Object.assign(serveImageVariant, { serveFromMemory });
}

/**
 * Forgets an upload's sizes in this instance's memory and disk cache, for when the upload is
 * deleted: a cached size is sent without asking the database, so it must not outlive its image.
 */
export async function removeImageVariants(services: Services, id: string): Promise<void> {
  const { cache } = getImageStore(services);
  const memory = getMemoryStore(cache);
  const prefix = `${id}.w`;
  for (const key of [...memory.entries.keys()]) {
    if (key.startsWith(prefix)) forgetInMemory(memory, key);
  }
  const names = await readdir(cache.dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => name.startsWith(prefix)).map((name) => cache.remove(name)),
  );
}
