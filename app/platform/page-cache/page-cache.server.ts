// The rendered-page cache in front of React Router: anonymous GET/HEAD of public pages (and their
// navigation data) answered as rendered for the current data version; one render per missed key,
// sent with fast gzip, brotli made later. An admin session bypasses it. The parts: the hit path
// before Express (hit), the miss path in it (miss), the kept pages (store), on one state.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createPageCacheState, type PageCacheOptions } from "./cache-state.server";
import { serveFromStore } from "./hit.server";
import { serveMiss } from "./miss.server";
import type { CachedPage, PageStoreStats } from "./store.server";

export { sendBusy } from "./busy.server";
export type { PageCacheOptions } from "./cache-state.server";

export type PageCache = {
  /** Answers from the store if it can (synchronously on SQLite); false when the request must go on. */
  serveFromStore(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /** Express middleware: admin requests go on marked, misses are rendered, kept and sent. */
  middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void>;
  stats(): PageStoreStats;
  /** True when the page for this URL is kept (a test and diagnostics aid). */
  holds(url: string): boolean;
  /** The kept page for this URL, as stored (a test and diagnostics aid). */
  peek(url: string): CachedPage | undefined;
  /** Resolves once no background compression is queued or under way (a test aid). */
  whenCompressed(): Promise<void>;
};

export function createPageCache(options: PageCacheOptions): PageCache {
  const state = createPageCacheState(options);
  const { store } = state;
  return {
    serveFromStore: (req, res) => serveFromStore(state, req, res),
    middleware: (req, res, next) => serveMiss(state, req, res, next),
    stats: () => store.stats(),
    peek: (url) => {
      const pageKey = state.getPageKey?.(url);
      return pageKey && store.peek(pageKey.key);
    },
    whenCompressed: () => state.recompressor.whenIdle(),
    holds: (url) => {
      const pageKey = state.getPageKey?.(url);
      return pageKey !== undefined && store.has(pageKey.key);
    },
  };
}
