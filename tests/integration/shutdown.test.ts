// SIGTERM while the server is under load (real process, keep-alive clients, a request whose body
// is still arriving, the mail worker running): it stops accepting, answers everything it has
// read with Connection: close, and exits 0 within 8 s, inside the platforms' 10 s grace period.
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openRawRequest, startServerProcess } from "../support/server-process";
import { startTestSmtpServer } from "../support/smtp";

const dir = mkdtempSync(join(tmpdir(), "site-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = {
  startedAt: number;
  status?: number;
  connection?: string;
  error?: string;
};

function get(port: number, path: string, agent: Agent): Promise<Outcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          startedAt,
          status: res.statusCode,
          connection: res.headers.connection,
        }),
      );
      res.on("error", (error) => resolve({ startedAt, error: String(error) }));
    });
    req.on("error", (error) => resolve({ startedAt, error: String(error) }));
    req.end();
  });
}

it("exits within 8 s of SIGTERM under load without cutting a request it had read", async () => {
  const smtp = await startTestSmtpServer();
  const server = await startServerProcess({
    DATABASE_URL: `file:${join(dir, "site.db")}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "site@example.com",
    NOTIFY_TO: "owner@example.com",
  });
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    const outcomes: Outcome[] = [];
    let running = true;
    const client = async (path: string) => {
      while (running) {
        const outcome = await get(server.port, path, agent);
        outcomes.push(outcome);
        // Refused connections mean the server has stopped listening: this client is done.
        if (outcome.error) break;
      }
    };
    const load = Promise.all(
      Array.from({ length: 10 }, (_, i) => client(i % 2 ? "/about" : "/services")),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // A contact message whose body is still on its way when the signal comes.
    const body = JSON.stringify({
      name: "Late Sender",
      email: "late@example.com",
      message: "Sent while the server shuts down.",
    });
    const slow = await openRawRequest(
      server.port,
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    // And a page the cache holds, asked for by a head whose last line comes after the signal: the
    // cache answers it before Express runs, and must tell its client to go too.
    const page = await openRawRequest(
      server.port,
      `GET /about?probe=shutdown HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    slow.socket.end(body);
    page.socket.write("\r\n");
    const code = await server.exited;
    const exitMs = performance.now() - signalledAt;
    running = false;
    await load;
    await slow.closed;
    await page.closed;
    agent.destroy();

    // Started well before the signal: the server had read them (loopback), so each must be answered.
    const before = outcomes.filter((outcome) => outcome.startedAt < signalledAt - 200);
    const cutBefore = before.filter((outcome) => outcome.status !== 200);
    const after = outcomes.filter((outcome) => outcome.startedAt >= signalledAt);
    console.log(
      `SIGTERM under load: exit ${code} after ${exitMs.toFixed(0)} ms; ${before.length} requests before the signal (${cutBefore.length} not answered 200${cutBefore.length ? `: ${JSON.stringify(cutBefore)}` : ""}), ${after.length} after (${after.filter((o) => o.status).length} answered)`,
    );
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(8_000);
    expect(cutBefore).toEqual([]);
    // The request read before the signal and answered during the shutdown tells its keep-alive
    // client to go. (Answers to the load above may have had their head sent just before.)
    expect(slow.answer()).toMatch(/^HTTP\/1\.1 201/);
    expect(slow.answer()).toMatch(/^Connection: close/im);
    expect(page.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(page.answer()).toMatch(/^Connection: close/im);
    expect(server.output()).toMatch(
      /"url":"\/about\?probe=shutdown","status":200,[^}]*"cache":"hit"/,
    );
    expect(server.output()).toContain("Stopped");
  } finally {
    server.kill();
    await smtp.close();
  }
}, 30_000);
