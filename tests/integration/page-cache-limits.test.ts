// The page cache's bounds and the overload answer, on the real build: blog searches stay within
// their share of the byte budget and never push the site's pages out; a query a page does not
// read, another spelling of a view and a search nothing matches make no new entry; a miss is sent
// gzipped at once and the brotli copy follows in the background once it is asked for again;
// concurrent misses of one address
// share one render; more work than the server gets through in time is refused at once with 503
// and Retry-After.
import { createServer, get, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { defaultArticles } from "~/features/publishing/default-articles";
import type { SiteAppOptions } from "../../server/app";
import { getTestDatabaseKinds } from "../support/databases";
import { listMatchingSearches } from "../support/publications";
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

/** Searches that each find an article: the beginnings of the default articles' titles. */
/** fetch() would decode on its own; a raw request shows the bytes as sent. */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

describe("page cache bounds", () => {
  it("keeps blog searches within their share of the budget, never evicting the site's pages", async () => {
    const budget = 2 * 1024 * 1024;
    const { url, pageCache } = await startSite({ pageCacheBytes: budget });
    const pages = ["/", "/services", "/about", "/blog"];
    for (const path of pages) expect((await fetch(`${url}${path}`)).status).toBe(200);
    await pageCache.whenCompressed();
    const kept = pageCache.stats();
    expect(kept.pages.entries).toBe(pages.length);

    // A crawler walks through searches that all find something (the beginnings of the titles):
    // each one is a page of its own, rendered once.
    const searches = listMatchingSearches(60);
    for (const q of searches) {
      const response = await fetch(`${url}/blog?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const after = pageCache.stats();
    expect(after.bytes).toBeLessThanOrEqual(budget);
    expect(after.queries.bytes).toBeLessThanOrEqual(after.queries.budget);
    // The query share is full: older searches were evicted, the latest are kept...
    expect(after.queries.entries).toBeLessThan(60);
    expect(pageCache.holds(`/blog?q=${encodeURIComponent(searches.at(-1) ?? "")}`)).toBe(true);
    expect(pageCache.holds(`/blog?q=${encodeURIComponent(searches[0] ?? "")}`)).toBe(false);
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
    await fetch(`${url}/blog?q=Cybersecurity`);
    await fetch(`${url}/blog?q=Cybersecurity&utm_campaign=spring`);
    expect(pageCache.stats().entries).toBe(entries + 1);
  });

  it("makes no entry for a search nothing matches nor for another spelling of a kept view", async () => {
    const { url, pageCache } = await startSite({});
    const blog = await (await fetch(`${url}/blog`)).text();
    const entries = pageCache.stats().entries;
    // Every visitor still gets the page: the empty state for a search that finds nothing...
    const nothing = await fetch(`${url}/blog?q=quantum-blockchain-synergy`);
    expect(nothing.status).toBe(200);
    const nothingText = await nothing.text();
    expect(nothingText).toContain("No articles found");
    expect(nothingText).toContain('value="quantum-blockchain-synergy"');
    // ...and for a category no article has (an old link: the spec's exact category match)...
    const unknown = await (await fetch(`${url}/blog?category=Quantum`)).text();
    expect(unknown).toContain("No articles found");
    // ...and the first page for page=1 or a page past the last.
    for (const path of ["/blog?page=1", "/blog?page=99", "/blog?q=%20"]) {
      const text = await (await fetch(`${url}${path}`)).text();
      for (const article of defaultArticles) expect(text, path).toContain(article.title);
    }
    expect(blog).toContain("Latest Articles");
    for (const path of [
      "/blog?q=quantum-blockchain-synergy",
      "/blog?category=Quantum",
      "/blog?page=1",
      "/blog?page=99",
      "/blog?q=%20",
    ]) {
      expect(pageCache.holds(path), path).toBe(false);
    }
    expect(pageCache.stats().entries).toBe(entries);
    // The canonical address of a view is kept as before.
    await fetch(`${url}/blog?category=Cybersecurity`);
    expect(pageCache.holds("/blog?category=Cybersecurity")).toBe(true);
  });

  it("renders concurrent misses of one address once", async () => {
    const { url, pageCache } = await startSite({});
    // Each render shows its own render-time token, so one body means one render.
    const askAll = (path: string) =>
      Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await fetch(`${url}${path}`);
          expect(response.status).toBe(200);
          return response.text();
        }),
      );
    // Twenty open connections first, so the twenty requests below arrive together.
    await askAll("/robots.txt");
    const kept = await askAll("/blog?q=Digital");
    expect(new Set(kept).size).toBe(1);
    expect(pageCache.holds("/blog?q=Digital")).toBe(true);
    // Not kept (nothing matches): requests that came in while it rendered share the render...
    const oneOff = await askAll("/blog?q=all-at-once");
    expect(new Set(oneOff).size).toBeLessThanOrEqual(10);
    // ...and a later one gets a render of its own.
    const later = await (await fetch(`${url}/blog?q=all-at-once`)).text();
    expect(oneOff).not.toContain(later);
  });

  it("sends a miss gzipped at once, and brotli once a page asked for again has its copy", async () => {
    const { url, pageCache } = await startSite({});
    const accept = { "accept-encoding": "br, gzip" };
    // A page seen once never costs a brotli copy: a one-off search, or a page after a save that
    // only one visitor opens.
    for (const path of ["/case-studies", `/blog?q=${encodeURIComponent("Cybersecurity")}`]) {
      const first = await getRaw(`${url}${path}`, accept);
      expect(first.headers["content-encoding"], path).toBe("gzip");
      await pageCache.whenCompressed();
      expect(pageCache.peek(path)?.brotli, path).toBeUndefined();
      expect((await getRaw(`${url}${path}`, accept)).headers["content-encoding"], path).toBe(
        "gzip",
      );
      await pageCache.whenCompressed();
      const later = await getRaw(`${url}${path}`, accept);
      expect(later.headers["content-encoding"], path).toBe("br");
      expect(brotliDecompressSync(later.body).toString("utf8"), path).toBe(
        gunzipSync(first.body).toString("utf8"),
      );
      expect(later.headers.etag, path).toBe(first.headers.etag);
    }
  });

  it("sends each encoding from the entry: the same page in brotli, gzip and plain, with Vary", async () => {
    const { url, pageCache } = await startSite({});
    const plain = await fetch(`${url}/services`, { headers: { "accept-encoding": "identity" } });
    const text = await plain.text();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    // Asked for again, so its brotli copy is made.
    await (await fetch(`${url}/services`)).arrayBuffer();
    await pageCache.whenCompressed();
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const raw = await getRaw(`${url}/services`, { "accept-encoding": encoding });
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
      // Strict enough that any overlap of renders is more than it gets through in time.
      overload: { maxQueueMs: 1, minInFlight: 2, assumedCostMs: 25 },
    });
    expect((await fetch(`${url}/`)).status).toBe(200);
    // A crowd asking for pages nobody asked for before: every one needs a render.
    const crowdAnswers = Promise.all(
      listMatchingSearches(40).map(async (q) => {
        const response = await fetch(`${url}/blog?q=${encodeURIComponent(q)}`);
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
