import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePrecompressed } from "./static-files.server";

type Answer = { status: number; encoding?: string; vary?: string; body: string };

function get(port: number, path: string, agent: Agent, acceptEncoding = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent, headers: { "accept-encoding": acceptEncoding } },
      (res) => {
        let body = "";
        res.setEncoding("latin1");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers["content-encoding"],
            vary: res.headers.vary,
            body,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("servePrecompressed", () => {
  const dir = mkdtempSync(join(tmpdir(), "static-files-"));
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let server: Server;
  let port: number;
  let assets: ReturnType<typeof servePrecompressed>;
  let root: ReturnType<typeof servePrecompressed>;

  beforeAll(async () => {
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "entry-abc123.js"), "plain script");
    writeFileSync(join(dir, "assets", "entry-abc123.js.br"), "brotli copy");
    writeFileSync(join(dir, "assets", "entry-abc123.js.gz"), "gzip copy");
    writeFileSync(join(dir, "favicon.svg"), "<svg/>");
    writeFileSync(join(dir, "logo.png"), "png bytes");
    // The files are listed when the middleware is made, as the server does at start.
    assets = servePrecompressed(join(dir, "assets"), { immutable: true });
    root = servePrecompressed(dir, { immutable: false });
    const app = express();
    app.use("/assets", assets);
    app.use(root);
    app.use((_req, res) => {
      res.status(404).send("not found");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the brotli or gzip copy the browser takes, else the file itself", async () => {
    expect(await get(port, "/assets/entry-abc123.js", agent, "gzip, br")).toMatchObject({
      status: 200,
      encoding: "br",
      vary: "Accept-Encoding",
      body: "brotli copy",
    });
    expect(await get(port, "/assets/entry-abc123.js", agent, "gzip")).toMatchObject({
      encoding: "gzip",
      body: "gzip copy",
    });
    expect(await get(port, "/assets/entry-abc123.js", agent)).toMatchObject({
      status: 200,
      encoding: undefined,
      body: "plain script",
    });
    expect(await get(port, "/favicon.svg", agent, "br")).toMatchObject({ status: 200 });
    expect(await get(port, "/logo.png", agent)).toMatchObject({ status: 200, body: "png bytes" });
    expect((await get(port, "/assets/../../etc/passwd", agent)).status).toBeGreaterThanOrEqual(400);
  });

  it("answers 20,000 made-up asset names with a 404 and keeps its lookup to the build's files", async () => {
    // The lookup used to remember every name asked for, found or not: unique misses grew it
    // without bound (194 MB to 730 MB in the run).
    // The assets folder's three files; the root's folder, those three, the icon and the logo.
    expect([assets.lookupSize(), root.lookupSize()]).toEqual([3, 6]);
    const statuses = new Map<number, number>();
    const total = 20_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          const i = next++;
          const path =
            i % 2 ? `/assets/entry-${i.toString(36)}.js` : `/missing-${i.toString(36)}.css`;
          const { status } = await get(port, path, agent, "br, gzip");
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 404: total });
    expect(assets.lookupSize()).toBe(3);
    expect(root.lookupSize()).toBe(6);
  }, 60_000);
});
