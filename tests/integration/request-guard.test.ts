// Malformed requests against the real server process, sent byte for byte over a raw socket (fetch
// cannot send most of them): each gets a 400/405 before routing, one log line, no stack trace. A
// method a route has no action for is a 405 logged at info.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findStackTraces,
  type ServerProcess,
  sendRaw,
  startServerProcess,
} from "../support/server-process";

const dirs: string[] = [];
function freshDatabaseUrl() {
  const dir = mkdtempSync(join(tmpdir(), "site-guard-"));
  dirs.push(dir);
  return `file:${join(dir, "site.db")}`;
}
/**
 * The log's lines but the event loop's stall warnings: on a busy machine a turn of the loop may be
 * long enough to be logged, which says nothing of how a request was handled.
 */
function withoutStalls(logged: string): string[] {
  return logged
    .trim()
    .split("\n")
    .filter((line) => !line.includes('"msg":"Event loop stalled'));
}

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("malformed requests against the server process", () => {
  let server: ServerProcess;
  let host: string;

  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: freshDatabaseUrl() });
    host = `127.0.0.1:${server.port}`;
  });

  afterAll(() => server?.kill());

  const shapes: Array<[string, (host: string) => string, number]> = [
    ["TRACE", (h) => `TRACE / HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, 405],
    ["PROPFIND", (h) => `PROPFIND / HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, 405],
    ["OPTIONS /", (h) => `OPTIONS / HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, 405],
    ["OPTIONS *", (h) => `OPTIONS * HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, 400],
    ["an empty Host", () => "GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n", 400],
    ["a spaced Host", () => "GET / HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n", 400],
    ["a port out of range", () => "GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n", 400],
    ["a port that is no number", () => "GET / HTTP/1.1\r\nHost: 127.0.0.1:http\r\n\r\n", 400],
    ["HTTP/1.0 without Host", () => "GET / HTTP/1.0\r\n\r\n", 400],
    [
      "an absolute-form target",
      (h) => `GET http://${h}/ HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      "an absolute-form target for another site",
      (h) => `GET http://evil.example/ HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      "a foreign Host",
      () => "GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      400,
    ],
    [
      "a spaced X-Forwarded-Host from the trusted proxy",
      (h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nX-Forwarded-Host: a b\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      "a foreign X-Forwarded-Host from the trusted proxy",
      (h) =>
        `GET /about HTTP/1.1\r\nHost: ${h}\r\nX-Forwarded-Host: evil.example:443\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      "two Host headers naming the same host",
      (h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nhost: ${h}\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      "two Host headers naming different hosts",
      (h) => `GET /about HTTP/1.1\r\nHost: ${h}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      "a bad-port X-Forwarded-Host",
      (h) =>
        `GET / HTTP/1.1\r\nHost: ${h}\r\nX-Forwarded-Host: localhost:0\r\nConnection: close\r\n\r\n`,
      400,
    ],
  ];

  it.each(shapes)(
    "refuses %s with a 4xx, one log line and no stack trace",
    async (_name, build, status) => {
      const before = server.output().length;
      const answer = await sendRaw(server.port, build(host));
      expect(answer.status).toBe(status);
      if (status === 405) expect(answer.text).toMatch(/^Allow: GET, HEAD, POST/im);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const logged = server.output().slice(before);
      expect(findStackTraces(logged)).toEqual([]);
      expect(logged).not.toMatch(/"level":50/);
      expect(withoutStalls(logged)).toHaveLength(1);
      expect(server.alive()).toBe(true);
    },
  );

  // Percent-encoded C0 and C1 controls, DEL and the Unicode line and paragraph separators, in
  // the path. The line breaks among them used to reach React Router, which matched no route at
  // all, and answered 500 with stack traces in the log.
  const controlPaths = [
    "/%0a",
    "/about%0a",
    "/%0d",
    "/%0D%0A",
    "/%00",
    "/%09",
    "/%1b",
    "/%1F",
    "/%7f",
    "/%e2%80%a8",
    "/%E2%80%A9",
    "/%c2%85",
    "/%c2%80",
    "/%C2%9F",
    "/blog/%0a",
    "/services/it-strategy-consulting%0d",
    "/about%0d%0aSet-Cookie:%20x=1",
    "/assets/entry%0a.js",
    "/favicon%e2%80%a8.svg",
    "/api/content%0a",
    "/blog%0a?q=search",
  ];

  it.each(controlPaths)(
    "answers %s with a 400 and a message, one warning line and no stack trace",
    async (path) => {
      const before = server.output().length;
      const answer = await sendRaw(
        server.port,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/^Content-Type: application\/json/im);
      expect(answer.text).toContain(
        '{"message":"Bad request: the address holds a control character"}',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const logged = withoutStalls(server.output().slice(before));
      expect(findStackTraces(logged.join("\n"))).toEqual([]);
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0] ?? "{}")).toMatchObject({ level: 40, status: 400 });
      expect(server.alive()).toBe(true);
    },
  );

  it("takes control characters in the query as text: a search for a line break is ordinary input", async () => {
    for (const path of ["/blog?q=%0a", "/blog?q=first%0D%0Asecond", "/about?ref=%e2%80%a8"]) {
      const before = server.output().length;
      const answer = await sendRaw(
        server.port,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, path).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const logged = server.output().slice(before);
      expect(findStackTraces(logged)).toEqual([]);
      expect(logged).not.toMatch(/"level":50/);
    }
  });

  it("answers a method a route has no action for with a 405, logged as the client's mistake", async () => {
    for (const [method, path] of [
      ["DELETE", "/about"],
      ["PUT", "/services"],
      ["DELETE", "/robots.txt"],
    ]) {
      const before = server.output().length;
      const answer = await sendRaw(
        server.port,
        `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, `${method} ${path}`).toBe(405);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const logged = withoutStalls(server.output().slice(before));
      expect(findStackTraces(logged.join("\n"))).toEqual([]);
      const levels = logged.map((line) => (JSON.parse(line) as { level: number }).level);
      // React Router's reason and the request line, both at info.
      expect(levels.length).toBeGreaterThan(0);
      expect(levels.every((level) => level === 30)).toBe(true);
      expect(logged.join("\n")).toMatch(/"status":405/);
    }
  });

  it("refuses malformed requests for a page the page cache holds, before the cache answers", async () => {
    // The first request renders /about into the cache; the second is answered from it.
    for (let i = 0; i < 2; i++) {
      const page = `GET /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
      expect((await sendRaw(server.port, page)).status).toBe(200);
    }
    for (const [request, status] of [
      ["GET /about HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 400],
      [`GET /about HTTP/1.1\r\nHost: ${host}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 400],
      [`GET /about%0a HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 400],
      ["GET /about HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n", 400],
      [`TRACE /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 405],
    ] as const) {
      const answer = await sendRaw(server.port, request);
      expect(answer.status).toBe(status);
      expect(answer.text).not.toContain("<html");
    }
  });

  it("still serves well-formed requests, by address, by name and through the proxy", async () => {
    for (const request of [
      `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: localhost:${server.port}\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: [::1]:${server.port}\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: localhost\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.0\r\nHost: ${host}\r\n\r\n`,
    ]) {
      expect((await sendRaw(server.port, request)).status).toBe(200);
    }
  });

  it("says it is ready for traffic at /readyz, and answers garbage with a 400", async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { accepting: "ok", overload: "ok", databaseRead: "ok" },
      overload: {
        inFlight: 0,
        stalledMs: 0,
        stuck: false,
        lagMs: expect.any(Number),
        saturated: false,
      },
      eventLoop: {
        p99Ms: expect.any(Number),
        maxMs: expect.any(Number),
        stalls: expect.any(Number),
      },
    });
    expect((await sendRaw(server.port, "NOT HTTP AT ALL\r\n\r\n")).status).toBe(400);
    const huge = `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;
    expect((await sendRaw(server.port, huge)).status).toBe(431);
    expect(server.alive()).toBe(true);
  });

  it("logs out without a body, as the spec's call does", async () => {
    const response = await fetch(`${server.url}/api/admin/logout`, {
      method: "POST",
      headers: { origin: server.url },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isAuthenticated: false, admin: null });
    const withForm = await fetch(`${server.url}/api/admin/logout`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "text/plain" },
      body: "x",
    });
    expect(withForm.status).toBe(415);
  });
});

describe("forwarded headers from a peer that is not a trusted proxy", () => {
  it("are ignored, not believed and not refused", async () => {
    const server = await startServerProcess({
      DATABASE_URL: freshDatabaseUrl(),
      TRUST_PROXY: "false",
    });
    try {
      const answer = await sendRaw(
        server.port,
        `GET /about HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Forwarded-Host: evil.example\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain("evil.example");
    } finally {
      server.kill();
    }
  });

  it("a TRUST_PROXY Express cannot read stops the server with its name", async () => {
    const server = startServerProcess({
      DATABASE_URL: freshDatabaseUrl(),
      TRUST_PROXY: "nonsense!",
    });
    await expect(server).rejects.toThrow(/TRUST_PROXY: must be loopback/);
  });
});
