// A flood of oversized request heads (unique 14 KB User-Agents, refused 431 before they become
// strings) against the real server process: every one is answered, pages stay up, and once the
// process has grown to what such traffic needs (a one-time step, bounded), 12 s more of it adds
// less than 50 MB, the bound `npm run bench:freeze` measures over 30 s. A load test, run alone:
// its thousands of sockets in a few seconds would crowd the tests beside it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process";

/** The process's resident memory in MB, as the kernel counts it. */
function readRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024;
}

const padding = "x".repeat(14 * 1024);

/** Sends one oversized head on a fresh connection and resolves with the status line's code. */
function sendOversizedHead(port: number, tag: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    // As a browser or wrk sends it: the head, then waiting for the answer with the socket open.
    socket.write(
      `GET /about?utm_source=s${tag}&utm_campaign=c${tag} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `User-Agent: Mozilla/5.0 Flood/${tag} (${padding})\r\nX-Forwarded-For: 198.51.100.23\r\n\r\n`,
    );
  });
}

describe("a flood of oversized request heads", () => {
  let server: ServerProcess;
  const dir = mkdtempSync(join(tmpdir(), "site-head-flood-"));

  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "correct horse battery staple",
    });
  });

  afterAll(() => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers each with 431; the first flood grows the process once, the next adds under 50 MB", async () => {
    const pid = server.child.pid ?? 0;
    // What the flood adds, not what a fresh process allocates on first use: pages and the
    // refused-head path run once before the figures are taken.
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/about`)).arrayBuffer();
    for (let i = 0; i < 200; i++) await sendOversizedHead(server.port, `warm-${i}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const statuses = new Map<number, number>();
    let sent = 0;
    const flood = async (ms: number) => {
      const endAt = performance.now() + ms;
      const client = async (id: number) => {
        while (performance.now() < endAt) {
          const status = await sendOversizedHead(server.port, `${id}-${sent++}`);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 16 }, (_, id) => client(id)));
    };
    // A fresh process's first flood takes V8's young generation and the malloc heap to the size
    // this traffic needs, in some runs and not others (0-66 MB here): bounded once, not grown on.
    const fresh = readRssMb(pid);
    await flood(3_000);
    const before = readRssMb(pid);
    await flood(12_000);
    const grown = readRssMb(pid) - before;

    console.log(
      `Head flood: ${sent} heads; RSS ${fresh.toFixed(0)} MB, ${before.toFixed(0)} MB after the first 3 s, +${grown.toFixed(1)} MB over the next 12 s`,
    );
    expect([...statuses.keys()]).toEqual([431]);
    expect(sent).toBeGreaterThan(5_000);
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
    expect(before - fresh, `the first 3 s grew RSS ${(before - fresh).toFixed(0)} MB`).toBeLessThan(
      100,
    );
    expect(grown, `RSS grew ${grown.toFixed(0)} MB over 12 s, ${sent} heads in all`).toBeLessThan(
      50,
    );
  }, 60_000);
});
