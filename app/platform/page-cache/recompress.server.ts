// The brotli copies of kept pages, made in the background (quality 11 costs about 300 ms of CPU per
// 100 KB page) one page at a time, so a burst of new pages never holds more than one thread of the
// pool or one core. Until then a page is sent with a fast gzip.
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants } from "node:zlib";
import { type CachedPage, getPageBytes, type PageStore } from "./store.server";

const brotliAsync = promisify(brotliCompress);

/** Pages waiting at most: more than a save's worth of the site's pages, few enough to stay cheap. */
export const defaultMaxQueued = 64;

export type Recompressor = {
  /** Asks for the page's brotli copy; nothing when it is queued or made already, or the queue is full. */
  request(key: string, page: CachedPage): void;
  /** Resolves once nothing is queued or under way. */
  whenIdle(): Promise<void>;
};

export type RecompressorOptions = {
  maxQueued?: number;
  onError?: (error: unknown, key: string) => void;
};

/** The smallest copy of a page's body: brotli at quality 11, in text mode. */
export function compressWithBrotli(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export function createRecompressor(
  store: PageStore,
  options: RecompressorOptions = {},
): Recompressor {
  const maxQueued = options.maxQueued ?? defaultMaxQueued;
  // Insertion order is the order of work; a key asked for again with a newer page takes its place.
  const queue = new Map<string, CachedPage>();
  let running: { key: string; page: CachedPage } | undefined;
  const idleWaiters: Array<() => void> = [];

  function settleIdle() {
    if (running || queue.size > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  async function work(key: string, page: CachedPage) {
    try {
      const next: CachedPage = { ...page, brotli: await compressWithBrotli(page.identity) };
      next.bytes = getPageBytes(next);
      store.replace(key, page, next);
    } catch (error) {
      options.onError?.(error, key);
    }
  }

  function pump() {
    if (running) return;
    for (const [key, page] of queue) {
      queue.delete(key);
      // A page dropped (a save, eviction, expiry) since it was asked for is not worth the work.
      if (!store.keeps(key, page)) continue;
      running = { key, page };
      work(key, page).finally(() => {
        running = undefined;
        pump();
      });
      return;
    }
    settleIdle();
  }

  return {
    request(key, page) {
      if (page.brotli || (running?.key === key && running.page === page)) return;
      if (queue.get(key) === page) return;
      if (!queue.has(key) && queue.size >= maxQueued) return;
      queue.set(key, page);
      pump();
    },
    whenIdle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
