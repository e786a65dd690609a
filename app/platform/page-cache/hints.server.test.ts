// What page code tells the cache: "this page changes at T" (a scheduled publication), and
// "do not keep this page" (fallback data, a search that finds nothing), from a loader or from
// deep inside a render.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppContext, appContext } from "~/platform/context.server";
import type { PageCacheHints } from "../context.server";
import {
  expirePageAt,
  keepOutOfPageCache,
  markPageUncacheable,
  runWithCacheHints,
} from "./hints.server";

function contextWith(cacheHints?: PageCacheHints) {
  const context = new RouterContextProvider();
  context.set(appContext, { nonce: "n", clientIp: "", cacheHints } as AppContext);
  return context;
}

describe("expirePageAt", () => {
  it("keeps the earliest time a page said it changes", () => {
    const hints: PageCacheHints = {};
    const context = contextWith(hints);
    expirePageAt(context, new Date("2030-01-02T09:00:00Z"));
    expirePageAt(context, Date.parse("2030-01-01T09:00:00Z"));
    expirePageAt(context, new Date("2030-01-03T09:00:00Z"));
    expect(hints.validUntil).toBe(Date.parse("2030-01-01T09:00:00Z"));
  });

  it("does nothing for a request the cache does not keep", () => {
    expect(() => expirePageAt(contextWith(undefined), Date.now())).not.toThrow();
  });
});

describe("markPageUncacheable", () => {
  it("marks the render it runs in, and only that one", async () => {
    const degraded: PageCacheHints = {};
    const healthy: PageCacheHints = {};
    await Promise.all([
      runWithCacheHints(degraded, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        markPageUncacheable();
      }),
      runWithCacheHints(healthy, async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }),
    ]);
    expect(degraded.validUntil).toBe(Number.NEGATIVE_INFINITY);
    expect(healthy.validUntil).toBeUndefined();
    expect(() => markPageUncacheable()).not.toThrow();
  });
});

describe("keepOutOfPageCache", () => {
  it("marks the page as not to be kept, whatever expiry was said before or after", () => {
    const hints: PageCacheHints = {};
    const context = contextWith(hints);
    expirePageAt(context, new Date("2030-01-02T09:00:00Z"));
    keepOutOfPageCache(context);
    expirePageAt(context, new Date("2030-01-03T09:00:00Z"));
    expect(hints.validUntil).toBe(Number.NEGATIVE_INFINITY);
    expect(() => keepOutOfPageCache(contextWith(undefined))).not.toThrow();
  });
});
