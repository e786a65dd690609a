// Where an upload's bytes come from: one store per database, reached from anything that
// has the services, which hands out a local file for an upload's original and its cache. The
// database holds every original; each instance keeps the ones it serves in its disk cache.
import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import { type Config, getImageCacheDir } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { type ImageCache, openImageCache } from "./image-cache.server";
import { readImageDimensions } from "./image-dimensions.server";
import { readImageBlob } from "./image-records.server";
import { listServedFormats, variantWidths } from "./image-variants";
import type { PictureKind } from "./images.server";

type OriginalFacts = {
  /** png, jpg, webp or svg. */
  extension: string;
  contentType: string;
  width: number | null;
  height: number | null;
};

/**
 * An upload's original as served (metadata already removed): a local file in the cache, or its
 * bytes from the database when the cache cannot be written (a full or read-only disk).
 */
export type StoredOriginal = OriginalFacts &
  ({ file: string; bytes?: undefined } | { file?: undefined; bytes: Uint8Array });

export type ImageStore = {
  cache: ImageCache;
  /**
   * The upload with this 32-hex id, as a local file; undefined when there is no such upload.
   * Throws when the database cannot be read and the original is not cached here.
   */
  openOriginal(id: string): Promise<StoredOriginal | undefined>;
  /** Drops this instance's cached original and sizes of an upload (it was deleted). */
  forgetOriginal(id: string): Promise<void>;
};

type StoreServices = { config: Config; db: Db; logger: Logger };

const stores = new WeakMap<Db, ImageStore>();
const caches = new Map<string, ImageCache>();

/** The image store of these services' database, made on first use. */
export function getImageStore(services: StoreServices): ImageStore {
  let store = stores.get(services.db);
  if (!store) {
    store = createImageStore(services);
    stores.set(services.db, store);
  }
  return store;
}

function getCache(config: Config): ImageCache {
  const dir = getImageCacheDir(config);
  let cache = caches.get(dir);
  if (!cache) {
    cache = openImageCache(dir, config.IMAGE_CACHE_MB * 1024 * 1024);
    caches.set(dir, cache);
  }
  return cache;
}

const extensions = ["jpg", "png", "webp", "svg"] as const;
const contentTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
};
const kinds: Record<string, PictureKind> = { png: "png", jpg: "jpeg", webp: "webp" };

/**
 * How long what the database said of an upload is believed before asking again: an upload is never
 * given other bytes, so this only bounds how long an upload deleted through another instance is
 * still served from this one's cache.
 */
const recheckMs = 60_000;

type KnownOriginal = {
  name: string;
  extension: string;
  blobSha256: string;
  width: number | null;
  height: number | null;
  checkedAt: number;
};

function createImageStore({ config, db, logger }: StoreServices): ImageStore {
  const cache = getCache(config);
  const known = new Map<string, KnownOriginal>();
  // One database read per id at a time: a burst of requests for an uncached original reads it once.
  const opening = new Map<string, Promise<StoredOriginal | undefined>>();

  function describeOriginal(original: KnownOriginal): OriginalFacts {
    return {
      extension: original.extension,
      contentType: contentTypes[original.extension] ?? "application/octet-stream",
      width: original.width,
      height: original.height,
    };
  }

  function toStored(original: KnownOriginal, file: string): StoredOriginal {
    return { ...describeOriginal(original), file };
  }

  /** Held, or the bytes as they are when the cache cannot take them: the image is still sent. */
  async function keepOriginal(original: KnownOriginal, bytes: Uint8Array) {
    try {
      return toStored(original, await cache.put(original.name, bytes));
    } catch (error) {
      logger.warn(
        { err: error, image: original.name },
        "the image cache cannot be written; serving the original from the database",
      );
      return { ...describeOriginal(original), bytes };
    }
  }

  /** The original as this instance last saw it, from its cache alone (the database is down). */
  async function openCachedOnly(id: string): Promise<StoredOriginal | undefined> {
    const remembered = known.get(id);
    if (remembered) {
      const file = cache.find(remembered.name);
      return file ? toStored(remembered, file) : undefined;
    }
    for (const extension of extensions) {
      const file = cache.find(`${id}.${extension}`);
      if (!file) continue;
      const kind = kinds[extension];
      const dimensions = kind ? readImageDimensions(await readFile(file), kind) : undefined;
      return {
        file,
        extension,
        contentType: contentTypes[extension] ?? "application/octet-stream",
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
      };
    }
    return undefined;
  }

  async function lookUp(id: string): Promise<StoredOriginal | undefined> {
    let row:
      | { name: string; width: number | null; height: number | null; blob_sha256: string | null }
      | undefined;
    try {
      row = await db
        .selectFrom("uploaded_images")
        .select(["name", "width", "height", "blob_sha256"])
        .where(
          "name",
          "in",
          extensions.map((extension) => `${id}.${extension}`),
        )
        .executeTakeFirst();
    } catch (error) {
      const cached = await openCachedOnly(id);
      if (cached) return cached;
      throw error;
    }
    if (!row?.blob_sha256) {
      if (known.has(id)) await forgetOriginal(id); // deleted through another instance
      return undefined;
    }
    const original: KnownOriginal = {
      name: row.name,
      extension: row.name.slice(id.length + 1),
      blobSha256: row.blob_sha256,
      width: row.width === null ? null : Number(row.width),
      height: row.height === null ? null : Number(row.height),
      checkedAt: Date.now(),
    };
    known.set(id, original);
    const file = cache.find(original.name);
    if (file) return toStored(original, file);
    const bytes = await readImageBlob(db, original.blobSha256);
    if (!bytes) {
      known.delete(id);
      return undefined; // deleted between the two reads
    }
    logger.debug({ image: original.name, bytes: bytes.length }, "original read from the database");
    return keepOriginal(original, bytes);
  }

  async function forgetOriginal(id: string): Promise<void> {
    const original = known.get(id);
    known.delete(id);
    const extension = original?.extension;
    const names = (extension ? [extension] : extensions).flatMap((own) => [
      `${id}.${own}`,
      ...variantWidths.flatMap((width) =>
        listServedFormats(own).map((format) => `${id}.w${width}.${format}`),
      ),
    ]);
    await Promise.all(names.map((name) => cache.remove(name)));
  }

  return {
    cache,
    async openOriginal(id) {
      const original = known.get(id);
      if (original && Date.now() - original.checkedAt < recheckMs) {
        const file = cache.find(original.name);
        if (file) return toStored(original, file);
      }
      let pending = opening.get(id);
      if (!pending) {
        pending = lookUp(id).finally(() => opening.delete(id));
        opening.set(id, pending);
      }
      return pending;
    },
    forgetOriginal,
  };
}
