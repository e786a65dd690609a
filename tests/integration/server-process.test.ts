// The production entry (server/index.ts) as a real process: refuses bad configuration by name,
// serves, and on SIGTERM finishes in-flight requests, refuses new ones and exits cleanly.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openRawRequest, spawnServer } from "../support/server-process";

const dirs: string[] = [];
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const server = spawnServer(env);
  children.push(server.child);
  return server;
}

function freshDatabaseUrl() {
  const dir = mkdtempSync(join(tmpdir(), "site-process-"));
  dirs.push(dir);
  return `file:${join(dir, "site.db")}`;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("server/index.ts", () => {
  it("stops with a message naming a bad variable", async () => {
    const server = startServer({ PORT: "eighty", DATABASE_URL: freshDatabaseUrl() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT");
    const other = startServer({ DATABASE_URL: "mysql://nope" });
    expect(await other.exited).toBe(1);
    expect(other.output()).toContain("DATABASE_URL: must be file:PATH");
  });

  it("says so when the port is taken", async () => {
    const first = startServer({ PORT: "0", DATABASE_URL: freshDatabaseUrl() });
    const port = await first.listening;
    const second = startServer({ PORT: String(port), DATABASE_URL: freshDatabaseUrl() });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Port ${port} is already in use`);
    // With several workers the primary stops too, instead of starting workers again and again.
    const pool = startServer({
      PORT: String(port),
      DATABASE_URL: freshDatabaseUrl(),
      WEB_CONCURRENCY: "2",
    });
    expect(await pool.exited).toBe(1);
    expect(pool.output()).toContain(`Port ${port} is already in use`);
    expect(pool.output()).toContain("A server worker could not start: stopping");
    // Three servers start in turn (the pool with two workers): room for a loaded machine.
  }, 60_000);

  it("finishes an in-flight request on SIGTERM, then refuses connections and exits 0", async () => {
    const server = startServer({ PORT: "0", DATABASE_URL: freshDatabaseUrl() });
    const port = await server.listening;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: "x" });
    const raw = await openRawRequest(
      port,
      `POST /api/not-an-endpoint HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    raw.socket.end(body);
    await raw.closed;
    expect(raw.answer()).toMatch(/^HTTP\/1\.1 404/);
    expect(raw.answer()).toContain('{"message":"Not found"}');

    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(server.output()).toContain("Shutting down");
  });
});
