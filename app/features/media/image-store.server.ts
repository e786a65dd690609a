// Where an upload's bytes come from (issue 18): one store per database, reached from anything that
// has the services, which hands out a local file for an upload's original and its cache.
// PRELIMINARY: reads the uploads folder; the database-backed store replaces the body of openOriginal.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "pino";
import { type Config, getImageCacheDir, getUploadsDir } from "~/platform/config.server";
import type { Db } from "~/platform/db/tables.server";
import { type ImageCache, openImageCache } from "./image-cache.server";

export type StoredOriginal = {
  /** A local file holding the bytes as served (metadata already removed). */
  file: string;
  /** png, jpg or webp. */
  extension: string;
  contentType: string;
  width: number | null;
  height: number | null;
};

export type ImageStore = {
  cache: ImageCache;
  /** The upload with this 32-hex id, as a local file; undefined when there is no such upload. */
  openOriginal(id: string): Promise<StoredOriginal | undefined>;
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

const contentTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

function createImageStore({ config, db }: StoreServices): ImageStore {
  const cache = getCache(config);
  const uploadsDir = getUploadsDir(config);
  return {
    cache,
    async openOriginal(id) {
      const row = await db
        .selectFrom("uploaded_images")
        .select(["name", "width", "height"])
        .where("name", "like", `${id}.%`)
        .executeTakeFirst();
      if (!row) return undefined;
      const extension = row.name.slice(id.length + 1);
      const file = join(uploadsDir, row.name);
      if (!existsSync(file)) return undefined;
      return {
        file,
        extension,
        contentType: contentTypes[extension] ?? "application/octet-stream",
        width: row.width === null ? null : Number(row.width),
        height: row.height === null ? null : Number(row.height),
      };
    },
  };
}
