// The page cache's bounds and the overload answer, on the real build: invented blog queries stay
// within their share of the byte budget and never push the site's pages out; a query a page does
// not read makes no new entry; compressed copies are made once and match the page; more work
// than the server gets through in time is refused at once with 503 and Retry-After.
import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { SiteAppOptions } from "../../server/app";
import { getTestDatabaseKinds } from "../support/databases";
import { loadSiteBuild } from "../support/test-site";

const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startSite(options: Partial<SiteAppOptions>) {
  const [sqlite] = getTestDatabaseKinds();
  if (!sqlite) throw new Error("no test database");
  const database = await sqlite.create();
  const site = await loadSiteBuild();
  const services = await site.bootServices({
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    PORT: "0",
  });
  const app = site.createSiteApp(services, { mode: "production", clientDir, ...options });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await services.db.destroy();
    await database.drop();
  });
  const pageCache = app.pageCache;
  if (!pageCache) throw new Error("the production app has no page cache");
  return { url, pageCache };
}

describe("page cache bounds", () => {
  it("keeps invented blog queries within their share of the budget, never evicting the site's pages", async () => {
    const budget = 2 * 1024 * 1024;
    const { url, pageCache } = await startSite({ pageCacheBytes: budget });
    const pages = ["/", "/services", "/about", "/blog"];
    for (const path of pages) expect((await fetch(`${url}${path}`)).status).toBe(200);
    const kept = pageCache.stats();
    expect(kept.pages.entries).toBe(pages.length);

    // A bot walks through invented searches: each one is a page of its own, rendered once.
    for (let i = 0; i < 60; i++) {
      const response = await fetch(`${url}/blog?q=invented-${i}&category=Cloud`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const after = pageCache.stats();
    expect(after.bytes).toBeLessThanOrEqual(budget);
    expect(after.queries.bytes).toBeLessThanOrEqual(after.queries.budget);
    // The query share is full: older searches were evicted, the latest are kept...
    expect(after.queries.entries).toBeLessThan(60);
    expect(pageCache.holds("/blog?q=invented-59&category=Cloud")).toBe(true);
    expect(pageCache.holds("/blog?q=invented-0&category=Cloud")).toBe(false);
    // ...and every page of the site is still there.
    expect(after.pages).toEqual(kept.pages);
    for (const path of pages) expect(pageCache.holds(path)).toBe(true);
  }, 60_000);

  it("serves a page under a query it does not read from the same entry", async () => {
    const { url, pageCache } = await startSite({});
    const plain = await fetch(`${url}/about`);
    const body = await plain.text();
    const entries = pageCache.stats().entries;
    for (const query of ["?utm_source=newsletter", "?fbclid=abc&ref=x", "?q=about"]) {
      const response = await fetch(`${url}/about${query}`);
      expect(response.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(await response.text()).toBe(body);
    }
    // The blog reads q, category and page only; anything else is ignored there too.
    await fetch(`${url}/blog?q=cloud`);
    await fetch(`${url}/blog?q=cloud&utm_campaign=spring`);
    expect(pageCache.stats().entries).toBe(entries + 1);
  });

  it("sends each encoding from the entry: the same page in brotli, gzip and plain, with Vary", async () => {
    const { url } = await startSite({});
    const plain = await fetch(`${url}/services`, { headers: { "accept-encoding": "identity" } });
    const text = await plain.text();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      // fetch() would decode on its own; a raw request shows the bytes as sent.
      const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
        (resolve, reject) => {
          const request = get(
            `${url}/services`,
            { headers: { "accept-encoding": encoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () =>
                resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
              );
            },
          );
          request.on("error", reject);
        },
      );
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      expect(raw.body.length).toBeLessThan(text.length / 3);
      expect(decode(raw.body).toString("utf8")).toBe(text);
    }
  });
});

describe("overload", () => {
  it("answers 503 with Retry-After at once when more work is queued than it gets through, and still serves kept pages", async () => {
    const { url } = await startSite({
      overload: { maxQueueMs: 100, minInFlight: 2, assumedCostMs: 25 },
    });
    expect((await fetch(`${url}/`)).status).toBe(200);
    // A crowd asking for pages nobody asked for before: every one needs a render.
    const crowdAnswers = Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${url}/blog?q=crowd-${i}`);
        return {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          cacheControl: response.headers.get("cache-control"),
          body: await response.text(),
        };
      }),
    );
    // Meanwhile a kept page costs nothing and is served whatever the queue.
    const visitors = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/`)));
    expect(visitors.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const crowd = await crowdAnswers;
    const refused = crowd.filter((answer) => answer.status === 503);
    const served = crowd.filter((answer) => answer.status === 200);
    expect(refused.length + served.length).toBe(crowd.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.cacheControl).toBe("no-store");
      expect(answer.body).toContain("Please try again in a moment");
    }
  }, 60_000);
});
