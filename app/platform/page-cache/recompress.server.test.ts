// The background compression of kept pages: brotli for pages still kept, one page at a time,
// none for pages dropped meanwhile, a bounded queue.
import { brotliDecompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createRecompressor } from "./recompress.server";
import { type CachedPage, getPageBytes, PageStore } from "./store.server";

function makePage(text: string, dataVersion = 1): CachedPage {
  const identity = Buffer.from(text);
  const page = {
    status: 200,
    headers: [["content-type", "text/html; charset=utf-8"]] as Array<[string, string]>,
    etag: 'W/"x"',
    identity,
    gzip: gzipSync(identity, { level: 4 }),
    dataVersion,
    rulesCheckedAt: -1,
    validUntil: Number.POSITIVE_INFINITY,
  };
  return { ...page, bytes: getPageBytes(page) };
}

const html = `<!DOCTYPE html><html><body>${"<p class='lead'>Managed IT services for small firms.</p>".repeat(400)}</body></html>`;

describe("createRecompressor", () => {
  it("adds a brotli copy of the very same body to a kept page, smaller than its gzip", async () => {
    const store = new PageStore(10_000_000);
    store.syncVersion(1);
    const page = makePage(html);
    store.set("/services", page);
    const recompressor = createRecompressor(store);
    recompressor.request("/services", page);
    await recompressor.whenIdle();
    const better = store.get("/services");
    if (!better?.brotli) throw new Error("no brotli copy was made");
    expect(brotliDecompressSync(better.brotli).toString()).toBe(html);
    // The gzip copy stays as it was sent: the same bytes as long as the page is kept.
    expect(better.gzip).toBe(page.gzip);
    expect(better.brotli.length).toBeLessThan(better.gzip.length);
    expect(store.stats().bytes).toBe(better.bytes);
    expect(better.bytes).toBe(getPageBytes(better));
  });

  it("skips pages dropped before their turn and works one page at a time", async () => {
    const store = new PageStore(10_000_000);
    store.syncVersion(1);
    const pages = ["/a", "/b", "/c"].map((key) => [key, makePage(`${html}${key}`)] as const);
    for (const [key, page] of pages) store.set(key, page);
    const recompressor = createRecompressor(store);
    for (const [key, page] of pages) recompressor.request(key, page);
    // A save while /a is being compressed: every page is dropped, none gets a late copy.
    store.syncVersion(2);
    await recompressor.whenIdle();
    expect(store.stats().entries).toBe(0);
    const fresh = makePage(html, 2);
    store.set("/a", fresh);
    recompressor.request("/a", fresh);
    recompressor.request("/a", fresh);
    await recompressor.whenIdle();
    expect(store.get("/a")?.brotli).toBeDefined();
  });

  it("refuses more than its queue holds and ignores a page that has its brotli copy", async () => {
    const store = new PageStore(10_000_000);
    store.syncVersion(1);
    const recompressor = createRecompressor(store, { maxQueued: 2 });
    const pages = ["/1", "/2", "/3", "/4"].map((key) => [key, makePage(`${html}${key}`)] as const);
    for (const [key, page] of pages) {
      store.set(key, page);
      recompressor.request(key, page);
    }
    await recompressor.whenIdle();
    // One under way at once plus two waiting: the fourth was refused.
    const made = pages.filter(([key]) => store.get(key)?.brotli !== undefined).map(([key]) => key);
    expect(made).toEqual(["/1", "/2", "/3"]);
    const done = store.get("/1");
    if (!done) throw new Error("page /1 is gone");
    recompressor.request("/1", done);
    await recompressor.whenIdle();
    expect(store.get("/1")).toBe(done);
  });
});
