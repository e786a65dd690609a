// What page code tells the page cache about the response it is rendering. The HTTP layer puts one
// hints object in the router context of each request; loaders and middleware fill it in.
import { AsyncLocalStorage } from "node:async_hooks";
import type { RouterContextProvider } from "react-router";
import { getAppContext, type PageCacheHints } from "~/platform/context.server";

/**
 * Says that the page being rendered changes by itself at `at` (a scheduled publication, an
 * embargo ending): the cached copy is dropped then and the next request renders it again. Several
 * calls keep the earliest time. A time in the past means "do not keep this page at all".
 */
export function expirePageAt(context: Readonly<RouterContextProvider>, at: Date | number): void {
  const hints = getAppContext(context).cacheHints;
  if (!hints) return;
  const time = typeof at === "number" ? at : at.getTime();
  if (Number.isNaN(time)) return;
  hints.validUntil = hints.validUntil === undefined ? time : Math.min(hints.validUntil, time);
}

/**
 * Says that the page being rendered is not to be kept, though it may be shown: another address
 * of a kept page, or a one-off (a search nothing matches) that would only push kept pages out.
 */
export function keepOutOfPageCache(context: Readonly<RouterContextProvider>): void {
  expirePageAt(context, Number.NEGATIVE_INFINITY);
}

const renderHints = new AsyncLocalStorage<PageCacheHints>();

/** Runs a render for the page cache with its hints reachable from anywhere inside it. */
export function runWithCacheHints<T>(hints: PageCacheHints, render: () => Promise<T>): Promise<T> {
  return renderHints.run(hints, render);
}

/**
 * Says, from anywhere in a render (no router context needed), that the page must not be kept:
 * the data behind it could not be read and a fallback is shown. Outside a cached render, nothing.
 */
export function markPageUncacheable(): void {
  const hints = renderHints.getStore();
  if (hints) hints.validUntil = Number.NEGATIVE_INFINITY;
}
