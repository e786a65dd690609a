// The page store: byte budget, least recently used first out, data version and expiry.
import { describe, expect, it } from "vitest";
import { type CachedPage, PageStore } from "./store.server";

function page(bytes: number, dataVersion = 1, validUntil = Number.POSITIVE_INFINITY): CachedPage {
  const body = Buffer.alloc(0);
  return {
    status: 200,
    headers: [],
    etag: 'W/"x"',
    identity: body,
    gzip: body,
    brotli: body,
    dataVersion,
    rulesCheckedAt: -1,
    validUntil,
    bytes,
  };
}

describe("PageStore", () => {
  it("evicts the least recently used page when over budget", () => {
    const store = new PageStore(1000, 0.2);
    store.syncVersion(1);
    store.set("/a", page(300));
    store.set("/b", page(300));
    store.get("/a");
    store.set("/c", page(300));
    expect(store.stats().pages.bytes).toBeLessThanOrEqual(800);
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.get("/c")).toBeDefined();
  });

  it("keeps query pages in their own share, so they never push out plain pages", () => {
    const store = new PageStore(1000, 0.2);
    store.syncVersion(1);
    store.set("/a", page(300));
    for (let i = 0; i < 50; i++) store.set(`/blog?q=${i}`, page(90));
    expect(store.stats().queries.bytes).toBeLessThanOrEqual(200);
    expect(store.get("/a")).toBeDefined();
    expect(store.set("/blog?q=huge", page(201))).toBe(false);
  });

  it("forgets everything when the data version moves, and refuses pages of an older version", () => {
    const store = new PageStore(1000);
    store.syncVersion(1);
    store.set("/a", page(100, 1));
    store.syncVersion(2);
    expect(store.get("/a")).toBeUndefined();
    expect(store.set("/a", page(100, 1))).toBe(false);
    expect(store.set("/a", page(100, 2))).toBe(true);
  });

  it("drops a page once its valid-until time has come", () => {
    const store = new PageStore(1000);
    store.syncVersion(1);
    store.set("/blog", page(100, 1, 5_000));
    expect(store.get("/blog", 4_999)).toBeDefined();
    expect(store.get("/blog", 5_000)).toBeUndefined();
  });

  it("puts a better-compressed copy in place only of the very page it was made from", () => {
    const store = new PageStore(1000);
    store.syncVersion(1);
    const first = page(100);
    store.set("/a", first);
    const smaller = { ...first, brotli: Buffer.from("br"), bytes: 120 };
    expect(store.replace("/a", first, smaller)).toBe(true);
    expect(store.get("/a")).toBe(smaller);
    expect(store.stats().bytes).toBe(120);
    // Rendered again meanwhile, or dropped by a save: the late copy is thrown away.
    const rerendered = page(100);
    store.set("/a", rerendered);
    expect(store.replace("/a", smaller, { ...smaller })).toBe(false);
    expect(store.get("/a")).toBe(rerendered);
    store.syncVersion(2);
    expect(store.keeps("/a", rerendered)).toBe(false);
    expect(store.replace("/a", rerendered, { ...rerendered })).toBe(false);
  });
});
