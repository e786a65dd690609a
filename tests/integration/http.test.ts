// The HTTP surface of the built site against a real database: pages, API, headers, caching,
// compression, redirects and bad input.
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { contentSchema } from "~/features/content/schema";
import { getTestDatabaseKinds } from "../support/databases";
import { mountSmallDisk, type SmallDisk } from "../support/small-disk";
import { startTestSite, type TestSite } from "../support/test-site";

/** A raw request, for what fetch() refuses to send (malformed paths, huge headers). */
function rawRequest(url: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>(
    (resolve, reject) => {
      const target = new URL(url);
      const request = httpRequest(
        { host: target.hostname, port: target.port, path, headers },
        (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
          );
        },
      );
      request.on("error", reject);
      request.end();
    },
  );
}

const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));

describe.each(getTestDatabaseKinds())("the site over HTTP on $name", (kind) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
  });

  afterAll(async () => {
    await site?.close();
  });

  it("serves / as complete HTML with header, footer and default content", async () => {
    const response = await fetch(`${site.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    expect(html).toContain(defaultContent.general.companyName);
    expect(html).toContain("Technology That Works");
    expect(html).toContain(defaultContent.footer.description);
    expect(html).toContain(`© ${new Date().getFullYear()} ${defaultContent.general.companyName}`);
  });

  it("sets a CSP that lets exactly the page's own scripts run, plus the other security headers", async () => {
    const response = await fetch(`${site.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    // One policy only: a second header would be enforced as well and block the scripts.
    expect(csp.match(/default-src/g)).toHaveLength(1);
    // A kept page (issue 8) names its inline scripts by hash: no nonce, no 'unsafe-inline'.
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSources).not.toMatch(/unsafe-inline|nonce-/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`frame-src ${new URL(defaultContent.booking.url).origin}`);
    const html = await response.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (match) => !/\ssrc=/.test(match[1] ?? "") && (match[2] ?? "") !== "",
    );
    // Structured data (JSON-LD) is data the browser never runs: it needs no hash (issue 12).
    const structured = inline.filter(([, attributes = ""]) =>
      attributes.includes('type="application/ld+json"'),
    );
    const scripts = inline.filter((match) => !structured.includes(match));
    expect(structured.length).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , text = ""] of scripts) {
      const hash = createHash("sha256").update(text).digest("base64");
      expect(scriptSources).toContain(`'sha256-${hash}'`);
    }
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("answers GET /api/content with the content document, never cached", async () => {
    const response = await fetch(`${site.url}/api/content`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toMatch(/^"\d+"$/);
    const body = await response.json();
    expect(contentSchema.parse(body)).toEqual(defaultContent);
  });

  it("shows the 404 page with status 404 for unknown paths, and JSON for unknown API paths", async () => {
    const page = await fetch(`${site.url}/no/such/page`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("404 Page Not Found");
    expect(page.headers.get("content-security-policy")?.match(/default-src/g)).toHaveLength(1);
    const api = await fetch(`${site.url}/api/nothing-here`, { method: "POST" });
    expect(api.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Not found" });
  });

  it("redirects the footer's old service paths to the matching services", async () => {
    const expected: Record<string, string> = {
      "it-strategy": "/services/it-strategy-consulting",
      "network-security": "/services/network-security-solutions",
      "managed-it": "/services/managed-it-services",
    };
    for (const [legacy, target] of Object.entries(expected)) {
      const response = await fetch(`${site.url}/services/${legacy}`, { redirect: "manual" });
      expect(response.status, legacy).toBe(301);
      expect(response.headers.get("location")).toBe(target);
    }
    // cloud-infrastructure is already a service's own slug: no redirect.
    const own = await fetch(`${site.url}/services/cloud-infrastructure`, { redirect: "manual" });
    expect(own.status).not.toBe(301);
  });

  it("answers /healthz, checking the free space of the image cache's disk and of the SQLite file's", async () => {
    const response = await fetch(`${site.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      checks: {
        databaseRead: "ok",
        databaseWrite: "ok",
        imageCache: "ok",
        imageCacheDiskSpace: "ok",
        // PostgreSQL's disk is its own server's: only a SQLite file's folder is checked here.
        ...(kind.name === "sqlite" ? { databaseDiskSpace: "ok" } : {}),
      },
    });
  });

  it("serves hashed assets immutable and compressed", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${site.url}${asset}`, {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(["br", "gzip"]).toContain(response.headers.get("content-encoding"));
    const page = await fetch(`${site.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the brotli and gzip copies made at build time, each to the browser that takes it", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const framework = /\/assets\/framework-[\w-]+\.js/.exec(html)?.[0] ?? "";
    const file = join(clientDir, framework);
    for (const [accept, encoding, copy] of [
      ["gzip, deflate, br", "br", `${file}.br`],
      ["gzip", "gzip", `${file}.gz`],
    ] as const) {
      const response = await rawRequest(site.url, framework, { "accept-encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers.vary).toContain("Accept-Encoding");
      // The stored copy itself (brotli 11, gzip 9), not one compressed for this request.
      expect(Number(response.headers["content-length"])).toBe(statSync(copy).size);
    }
    const plain = await rawRequest(site.url, framework, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(statSync(file).size);
  });

  it("gives the site's images hashed names cached for a year", async () => {
    const html = await (await fetch(`${site.url}/blog`)).text();
    const image = /\/images\/articles\/[\w-]+\.[0-9a-f]{10}\.svg/.exec(html)?.[0];
    expect(image).toBeTruthy();
    const response = await fetch(`${site.url}${image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The plain name still answers, cached for an hour only.
    const plainName = image?.replace(/\.[0-9a-f]{10}\.svg$/, ".svg") ?? "";
    const plain = await fetch(`${site.url}${plainName}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("answers bad input with a 4xx, never a 500", async () => {
    expect((await rawRequest(site.url, "/%E0%A4%A")).status).toBeLessThan(500);
    expect((await rawRequest(site.url, "/%")).status).toBeLessThan(500);
    expect((await rawRequest(site.url, "/services/%ff%fe")).status).toBeLessThan(500);
    // A control character in the path: refused before routing, whichever page it names.
    for (const path of ["/%0a", "/about%0a", "/%e2%80%a8", "/assets/x%00.js", "/blog/%c2%85"]) {
      const answer = await rawRequest(site.url, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toEqual({
        message: "Bad request: the address holds a control character",
      });
    }
    expect((await rawRequest(site.url, "/blog?q=%0a")).status).toBe(200);
    expect((await rawRequest(site.url, "/", { "x-big": "a".repeat(20_000) })).status).toBe(431);
    const tooLarge = await fetch(`${site.url}/api/content`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: "The request is too large" });
  });
});

describe("/healthz with the SQLite file on a nearly full disk", () => {
  let site: TestSite;
  let disk: SmallDisk;
  let imageCacheDir: string;

  beforeAll(async () => {
    disk = await mountSmallDisk(16 * 1024 * 1024);
    const database = {
      url: `file:${join(disk.dir, "data", "site.db")}`,
      drop: () => rm(join(disk.dir, "data"), { recursive: true, force: true }),
    };
    // The image cache on another disk, so only the database's disk runs short.
    imageCacheDir = await mkdtemp(join(tmpdir(), "image-cache-"));
    site = await startTestSite(database, { IMAGE_CACHE_DIR: imageCacheDir });
  });

  afterAll(async () => {
    await site?.close();
    await disk?.unmount();
    await rm(imageCacheDir, { recursive: true, force: true });
  });

  it("fails the databaseDiskSpace check below 8 MB free, before SQLite runs out, and recovers", async () => {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);

    await disk.fill(2 * 1024 * 1024);
    const response = await fetch(`${site.url}/healthz`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeTruthy();
    const report = (await response.json()) as { message: string; checks: Record<string, string> };
    expect(report.message).toBe("Failing: databaseDiskSpace");
    expect(report.checks).toMatchObject({
      databaseRead: "ok",
      databaseWrite: "ok",
      imageCacheDiskSpace: "ok",
    });
    expect(report.checks.databaseDiskSpace).toMatch(
      /^failed: only [12]\.\d MB free, at least 8\.0 MB needed$/,
    );

    await disk.empty();
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });
});
