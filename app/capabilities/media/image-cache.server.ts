// This instance's disk cache of image bytes: uploads' originals fetched from the
// database and their sizes made by sharp, kept under IMAGE_CACHE_DIR up to IMAGE_CACHE_MB. The
// database holds every original; losing this folder costs only the time to make them again.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { mkdir, open, rename, rm, utimes } from "node:fs/promises";
import { join } from "node:path";

export type ImageCache = {
  readonly dir: string;
  /** The cached file's path, or undefined when the key is not cached. */
  find(key: string): string | undefined;
  /** Writes the bytes under the key (whole or not at all) and answers their path. */
  put(key: string, bytes: Uint8Array): Promise<string>;
  /** Forgets one key, its file removed. */
  remove(key: string): Promise<void>;
  /** Bytes held now. */
  size(): number;
};

/** A cache key is a plain file name: letters, digits, dots and dashes, no path. */
const keyPattern = /^[a-z0-9][a-z0-9.-]{0,127}$/;

/**
 * Opens the cache folder, learning what a previous run left there, and keeps it under maxBytes by
 * removing the least recently used files after each write.
 */
export function openImageCache(dir: string, maxBytes: number): ImageCache {
  // Key to size; a Map keeps insertion order, so re-inserting on use makes it least-recent-first.
  const entries = new Map<string, number>();
  let total = 0;
  let names: string[] = [];
  try {
    mkdirSync(dir, { recursive: true });
    names = readdirSync(dir);
  } catch {
    // A folder that cannot be made or read starts empty: images are then sent from the database.
  }
  // Half-written files of a run that crashed mid-write.
  for (const name of names) {
    if (/^\..+\.tmp$/.test(name)) rmSync(join(dir, name), { force: true });
  }
  const found = names
    .filter((name) => keyPattern.test(name))
    .flatMap((name) => {
      try {
        const info = statSync(join(dir, name));
        return info.isFile() ? [{ name, size: info.size, used: info.atimeMs }] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a.used - b.used);
  for (const entry of found) {
    entries.set(entry.name, entry.size);
    total += entry.size;
  }

  function touch(key: string, size: number) {
    entries.delete(key);
    entries.set(key, size);
  }

  // The file just written stays even when it alone is over the bound: it is about to be served.
  async function evict(keep: string) {
    for (const [key, size] of entries) {
      if (total <= maxBytes) break;
      if (key === keep) continue;
      entries.delete(key);
      total -= size;
      await rm(join(dir, key), { force: true }).catch(() => undefined);
    }
  }

  function assertKey(key: string) {
    if (!keyPattern.test(key)) throw new Error(`Not an image cache key: ${key}`);
  }

  return {
    dir,
    find(key) {
      const size = entries.get(key);
      if (size === undefined) return undefined;
      touch(key, size);
      // Recorded on disk too, so a restart keeps the order; failures only cost that.
      const now = new Date();
      utimes(join(dir, key), now, now).catch(() => undefined);
      return join(dir, key);
    },
    async put(key, bytes) {
      assertKey(key);
      const path = join(dir, key);
      const temp = join(dir, `.${key}.${randomBytes(6).toString("hex")}.tmp`);
      await mkdir(dir, { recursive: true });
      try {
        const handle = await open(temp, "wx");
        try {
          await handle.writeFile(bytes);
        } finally {
          await handle.close();
        }
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
      const previous = entries.get(key);
      if (previous !== undefined) total -= previous;
      touch(key, bytes.length);
      total += bytes.length;
      await evict(key);
      return path;
    },
    async remove(key) {
      const size = entries.get(key);
      if (size !== undefined) {
        entries.delete(key);
        total -= size;
      }
      if (keyPattern.test(key)) await rm(join(dir, key), { force: true }).catch(() => undefined);
    },
    size: () => total,
  };
}
