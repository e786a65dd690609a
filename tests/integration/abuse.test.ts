// One client or a crowd trying to take the site down or lock its owner out, against the real
// server process: a login flood from many addresses (pages stay fast, the real admin still signs
// in), and a battery of hostile requests that must not page anyone (no error-level log line).
// Floods of sockets and slow bodies are in fair-caps.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findStackTraces,
  postJson,
  type ServerProcess,
  sendRaw,
  startServerProcess,
} from "../support/server-process";

const admin = { email: "owner@example.com", password: "correct horse battery staple" };
const dirs: string[] = [];
function freshDatabaseUrl() {
  const dir = mkdtempSync(join(tmpdir(), "site-abuse-"));
  dirs.push(dir);
  return `file:${join(dir, "site.db")}`;
}

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function timedGet(url: string) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

describe("a login flood from many addresses", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_URL: freshDatabaseUrl(),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
  });

  afterAll(() => server?.kill());

  it("leaves GET / fast, and the admin signs in from their usual network while it goes on", async () => {
    // The admin has signed in from home before.
    const home = { "x-forwarded-for": "198.51.100.20" };
    expect((await postJson(server.url, "/api/admin/login", admin, home)).status).toBe(200);

    const baseline: number[] = [];
    for (let i = 0; i < 5; i++) baseline.push((await timedGet(`${server.url}/`)).ms);
    let flooding = true;
    const statuses = new Map<number, number>();
    let attempt = 0;
    const attacker = async () => {
      while (flooding) {
        attempt++;
        // Rotating addresses, as a botnet does; wrong passwords for the real email.
        const ip = `203.0.${(attempt >> 8) & 255}.${attempt & 255}`;
        const response = await postJson(
          server.url,
          "/api/admin/login",
          { email: admin.email, password: `guess-${attempt}` },
          { "x-forwarded-for": ip },
        );
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const flood = Promise.all(Array.from({ length: 12 }, attacker));
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const pages: number[] = [];
    for (let i = 0; i < 10; i++) {
      const page = await timedGet(`${server.url}/`);
      expect(page.status).toBe(200);
      pages.push(page.ms);
    }
    // The real admin, at home, during the flood (a busy answer asks to retry in seconds).
    let signedIn = 0;
    for (let tries = 0; tries < 10 && signedIn !== 200; tries++) {
      const response = await postJson(server.url, "/api/admin/login", admin, home);
      signedIn = response.status;
      if (signedIn === 503) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    flooding = false;
    await flood;

    pages.sort((a, b) => a - b);
    const median = pages[Math.floor(pages.length / 2)] ?? 0;
    const worst = pages[pages.length - 1] ?? 0;
    console.log(
      `Login flood: ${attempt} attempts (${[...statuses].map(([s, n]) => `${n}×${s}`).join(", ")}); GET / median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (before the flood: ${baseline.map((ms) => ms.toFixed(0)).join(", ")} ms)`,
    );
    expect(signedIn).toBe(200);
    // Before the fix a flood like this made GET / take 11 s; the bounds leave room for a shared,
    // loaded CI machine (the printed figures are what to watch: ~100-400 ms here).
    expect(median).toBeLessThan(2_500);
    expect(worst).toBeLessThan(5_000);
    // The flood was refused, not let through: invalid, locked or busy, never a 500.
    expect([...statuses.keys()].every((status) => [401, 429, 503].includes(status))).toBe(true);
    // Spraying on until the email's own lock (50 failures from anywhere) closes it to networks
    // it never signed in from; home still works.
    for (let i = 0, status = 0; i < 80 && status !== 429; i++) {
      const response = await postJson(
        server.url,
        "/api/admin/login",
        { email: admin.email, password: `spray-${i}` },
        { "x-forwarded-for": `203.0.200.${i}` },
      );
      status = response.status;
    }
    const elsewhere = await postJson(server.url, "/api/admin/login", admin, {
      "x-forwarded-for": "192.0.2.99",
    });
    expect(elsewhere.status).toBe(429);
    expect((await postJson(server.url, "/api/admin/login", admin, home)).status).toBe(200);
  }, 60_000);

  it("locks an attacker's network for that email without locking the admin's", async () => {
    const attackerIp = { "x-forwarded-for": "2001:db8:aaaa:1::1" };
    for (let i = 0; i < 5; i++) {
      await postJson(
        server.url,
        "/api/admin/login",
        { email: admin.email, password: "wrong password" },
        attackerIp,
      );
    }
    // Another address of the same /64 is the same network: locked too, even with the password.
    const sameNetwork = await postJson(server.url, "/api/admin/login", admin, {
      "x-forwarded-for": "2001:db8:aaaa:1:ffff::2",
    });
    expect(sameNetwork.status).toBe(429);
    const admins = await postJson(server.url, "/api/admin/login", admin, {
      "x-forwarded-for": "198.51.100.20",
    });
    expect(admins.status).toBe(200);
  });
});

describe("hostile requests", () => {
  let server: ServerProcess;
  let host: string;

  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: freshDatabaseUrl() });
    host = `127.0.0.1:${server.port}`;
  });

  afterAll(() => server?.kill());

  /** The server's complete log lines since `from`; a line still being written is left out. */
  function readLogLines(from: number): Array<{ level: number; msg: string; url?: string }> {
    const lines = server.output().slice(from).split("\n");
    lines.pop();
    return (
      lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string })
        // On a busy machine a turn of the loop may be long enough to be logged: not a request's line.
        .filter((line) => !line.msg.startsWith("Event loop stalled"))
    );
  }

  /** A request as raw bytes: method, path, headers and body, with Host and Content-Length. */
  function rawRequest(method: string, path: string, headers: string[], body = ""): string {
    const head = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, ...headers, "Connection: close"];
    if (method !== "GET") head.push(`Content-Length: ${Buffer.byteLength(body)}`);
    return `${head.join("\r\n")}\r\n\r\n${body}`;
  }

  const form = "Content-Type: application/x-www-form-urlencoded";
  const json = "Content-Type: application/json";
  const evil = "Origin: http://evil.example";

  it("answers a cross-origin post with a 403 and a short message, logged at info without a stack", async () => {
    const before = server.output().length;
    const answer = await sendRaw(server.port, rawRequest("POST", "/", [evil, form], "a=b"));
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/^Content-Type: application\/json/im);
    expect(answer.text.endsWith('{"message":"Cross-site request refused"}')).toBe(true);
    // The server writes its log from another process: on a busy machine the lines come later.
    await expect
      .poll(() => readLogLines(before).map((line) => [line.level, line.msg]), { timeout: 5_000 })
      .toEqual([
        [30, "Cross-site request refused"],
        [30, "request"],
      ]);
  });

  it("never logs at error level for a battery of them: other origins, bad bodies, controls, two Hosts", async () => {
    const battery: Array<[string, string]> = [
      ["a form post from another site", rawRequest("POST", "/contact", [evil, form], "name=x")],
      ["a sign-in post from another site", rawRequest("POST", "/admin/login", [evil, form], "a=b")],
      ["a data post from another site", rawRequest("POST", "/about.data", [evil, form], "a=b")],
      ["an API post from another site", rawRequest("POST", "/api/contact", [evil, json], "{}")],
      ["a PUT from another site", rawRequest("PUT", "/api/content", [evil, json], "{}")],
      ["a DELETE from another site", rawRequest("DELETE", "/blog", [evil], "")],
      ["Origin: null", rawRequest("POST", "/", ["Origin: null", form], "a=b")],
      ["an Origin that is no URL", rawRequest("POST", "/", ["Origin: ::::", form], "a=b")],
      [
        "a same-site post with broken JSON",
        rawRequest("POST", "/api/contact", [`Origin: http://${host}`, json], "{not json"),
      ],
      [
        "a page post with a JSON body",
        rawRequest("POST", "/contact", [`Origin: http://${host}`, json], '{"a":'),
      ],
      [
        "a page post with a broken multipart body",
        rawRequest(
          "POST",
          "/contact",
          [`Origin: http://${host}`, "Content-Type: multipart/form-data; boundary=x"],
          "--x\r\nbroken",
        ),
      ],
      [
        "a page post with bad percent-encoding",
        rawRequest("POST", "/contact", [`Origin: http://${host}`, form], "name=%zz&email=%"),
      ],
      [
        "a post with no content type",
        rawRequest("POST", "/", [`Origin: http://${host}`], "\u0000\u0001"),
      ],
      [
        "a login with a nested JSON bomb",
        rawRequest(
          "POST",
          "/api/admin/login",
          [`Origin: http://${host}`, json],
          `${"[".repeat(5000)}${"]".repeat(5000)}`,
        ),
      ],
      ["a control character in the path", rawRequest("GET", "/%0d%0aSet-Cookie:%20x=1", [])],
      ["a NUL in the query", rawRequest("GET", "/blog?q=%00", [])],
      ["a bad percent-encoding in the path", rawRequest("GET", "/%E0%A4%A", [])],
      ["two Host headers", rawRequest("GET", "/about", ["Host: evil.example"])],
      ["a foreign Host", rawRequest("GET", "/", []).replace(`Host: ${host}`, "Host: evil.example")],
      [
        "a Content-Length that is no number",
        `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: abc\r\n\r\n`,
      ],
      ["a method the site does not serve", rawRequest("TRACE", "/", [])],
    ];
    const before = server.output().length;
    for (const [name, request] of battery) {
      const answer = await sendRaw(server.port, request);
      // Refused with a 4xx, or (a NUL in a search) read as text; never a 5xx.
      expect(answer.status, name).toBeGreaterThan(0);
      expect(answer.status, name).toBeLessThan(500);
    }
    // The server logs each request as it ends, in order, from another process: once a last plain
    // request's line is in, so is every line the battery made.
    const marker = `/about?battery-ended=${Date.now()}`;
    expect((await sendRaw(server.port, rawRequest("GET", marker, []))).status).toBe(200);
    await expect
      .poll(() => readLogLines(before).some((line) => line.url === marker), { timeout: 5_000 })
      .toBe(true);
    const logged = server.output().slice(before);
    const levels = readLogLines(before).map((line) => line.level);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
    expect(findStackTraces(logged)).toEqual([]);
    expect(server.alive()).toBe(true);
  });
});
