// The production entry (server/index.ts) as a real process: refuses bad configuration by name,
// serves, and on SIGTERM finishes in-flight requests, refuses new ones and exits cleanly.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../../server/index.ts", import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 50);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  // A server expected to fail never listens; only tests that await this see the rejection.
  listening.catch(() => {});
  return { child, exited, listening, output: () => output };
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
  });

  it("finishes an in-flight request on SIGTERM, then refuses connections and exits 0", async () => {
    const server = startServer({ PORT: "0", DATABASE_URL: freshDatabaseUrl() });
    const port = await server.listening;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // A request whose body is still arriving when the signal comes.
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let response = "";
    socket.on("data", (chunk) => {
      response += chunk;
    });
    const closed = new Promise((resolve) => socket.once("close", resolve));
    const body = JSON.stringify({ email: "x" });
    socket.write(
      `POST /api/not-an-endpoint HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.end(body);
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response).toContain('{"message":"Not found"}');

    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(server.output()).toContain("Shutting down");
  });
});
