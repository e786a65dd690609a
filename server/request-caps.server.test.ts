import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRequestNetworks } from "~/platform/client-network.server";
import { createRequestCaps } from "./request-caps.server";

const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createRequestCaps", () => {
  let server: Server;
  let port: number;
  const held: ServerResponse[] = [];
  const sockets: Socket[] = [];
  /** The requests that got past the caps to the app, in order. */
  const reached: string[] = [];

  beforeEach(async () => {
    const admitRequest = createRequestCaps({
      logger: pino({ level: "silent" }),
      // TRUST_PROXY=loopback, as Express compiles it, for the peers these tests use.
      networkOf: createRequestNetworks((address) => address === "127.0.0.1"),
      caps: { inProgress: 3, bodies: 2, bodyBaseMs: 400, bodyBytesPerSecond: 1_000_000 },
    });
    server = createServer((req, res) => admitRequest(req, res, () => handle(req, res)));
    function handle(req: IncomingMessage, res: ServerResponse) {
      reached.push(req.url ?? "");
      if (req.url === "/hold") {
        held.push(res);
        return;
      }
      // An answer before the body is read, as a 413 on the declared length is.
      if (req.url === "/early") {
        res.statusCode = 413;
        res.end("too large");
        return;
      }
      let length = 0;
      req.on("data", (chunk: Buffer) => {
        length += chunk.length;
      });
      req.on("end", () => res.end(`received ${length}`));
    }
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const res of held.splice(0)) res.end();
    reached.splice(0);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends head (and body start) on a new connection from `from`; the answer collects as it comes. */
  async function send(head: string, options: { from?: string; forwardedFor?: string } = {}) {
    const socket = connect({ port, host: "127.0.0.1", localAddress: options.from ?? "127.0.0.1" });
    sockets.push(socket);
    let answer = "";
    let closed = false;
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("close", () => {
      closed = true;
    });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    const forwarded = options.forwardedFor ? `X-Forwarded-For: ${options.forwardedFor}\r\n` : "";
    socket.write(head.replace("\r\n", `\r\nHost: x\r\n${forwarded}`));
    return { socket, answer: () => answer, isClosed: () => closed };
  }
  const hold = (forwardedFor?: string, from?: string) =>
    send("GET /hold HTTP/1.1\r\n\r\n", { forwardedFor, from });
  /** A POST that declares 100 bytes and sends 3 of them. */
  const slowBody = (forwardedFor?: string) =>
    send("POST /api/contact HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc", { forwardedFor });
  const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

  it("caps the requests in progress of one forwarded client network, not the proxy's", async () => {
    for (let i = 0; i < 3; i++) await hold("203.0.113.5");
    await settle();
    const refused = await send("GET /api/thing HTTP/1.1\r\n\r\n", { forwardedFor: "203.0.113.5" });
    const other = await send("GET /other HTTP/1.1\r\n\r\n", { forwardedFor: "203.0.113.6" });
    await settle();
    expect(status(refused.answer())).toBe(429);
    expect(refused.answer()).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(refused.answer()).toMatch(/\r\ncontent-type: application\/json\r\n/i);
    expect(refused.answer()).toContain('{"message":"Too many requests from your network');
    expect(refused.isClosed()).toBe(true);
    expect(status(other.answer())).toBe(200);
    // Once one of them is answered, the network may start another.
    held.shift()?.end("done");
    await settle();
    const next = await send("GET /next HTTP/1.1\r\n\r\n", { forwardedFor: "203.0.113.5" });
    await settle();
    expect(status(next.answer())).toBe(200);
  });

  it("keys an IPv6 client by its /64, and a proxy that forwards nothing by its own address", async () => {
    for (let i = 1; i <= 3; i++) await hold(`2001:db8:7:7::${i}`);
    const sameNetwork = await send("GET / HTTP/1.1\r\n\r\n", { forwardedFor: "2001:db8:7:7:8::1" });
    const nextNetwork = await send("GET / HTTP/1.1\r\n\r\n", { forwardedFor: "2001:db8:7:8::1" });
    for (let i = 0; i < 3; i++) await hold();
    const proxyItself = await send("GET / HTTP/1.1\r\n\r\n");
    await settle();
    expect(status(sameNetwork.answer())).toBe(429);
    expect(status(nextNetwork.answer())).toBe(200);
    expect(status(proxyItself.answer())).toBe(429);
  });

  it("does not believe X-Forwarded-For from a peer that is no trusted proxy", async () => {
    for (let i = 0; i < 3; i++) await hold(`198.51.100.${i}`, "127.0.0.2");
    const forged = await send("GET / HTTP/1.1\r\n\r\n", {
      from: "127.0.0.2",
      forwardedFor: "198.51.100.99",
    });
    await settle();
    expect(status(forged.answer())).toBe(429);
  });

  it("refuses a network's third body still arriving at once, while its other requests go on", async () => {
    const slow = [await slowBody("203.0.113.7"), await slowBody("203.0.113.7")];
    await settle();
    const third = await slowBody("203.0.113.7");
    const page = await send("GET / HTTP/1.1\r\n\r\n", { forwardedFor: "203.0.113.7" });
    const elsewhere = await slowBody("203.0.113.8");
    await settle();
    expect(status(third.answer())).toBe(429);
    expect(third.answer()).toContain("still sending their data");
    expect(third.isClosed()).toBe(true);
    expect(status(page.answer())).toBe(200);
    expect(elsewhere.answer()).toBe("");
    expect(slow.map((request) => request.answer())).toEqual(["", ""]);
    // A body that does arrive is answered and frees its place.
    slow[0]?.socket.write("x".repeat(97));
    await settle();
    expect(slow[0]?.answer()).toMatch(/received 100$/);
    const after = await slowBody("203.0.113.7");
    await settle();
    expect(after.answer()).toBe("");
  });

  it("passes a request on only once its body is in, or a large one once it arrives at pace", async () => {
    const slow = await slowBody("203.0.113.11");
    await settle();
    expect(reached).toEqual([]);
    slow.socket.write("x".repeat(97));
    await settle();
    expect(reached).toEqual(["/api/contact"]);
    expect(slow.answer()).toMatch(/received 100$/);

    const large = await send("POST /upload HTTP/1.1\r\nContent-Length: 200000\r\n\r\n", {
      forwardedFor: "203.0.113.11",
    });
    large.socket.write("x".repeat(80_000));
    await settle();
    expect(reached).toEqual(["/api/contact", "/upload"]);
    large.socket.write("x".repeat(120_000));
    await settle();
    expect(large.answer()).toMatch(/received 200000$/);
  });

  it("drains a body the app answered without reading, so the connection serves the next request", async () => {
    const large = await send("POST /hold HTTP/1.1\r\nContent-Length: 300000\r\n\r\n", {
      forwardedFor: "203.0.113.12",
    });
    large.socket.write("x".repeat(100_000));
    await settle();
    held.shift()?.end("answered early");
    large.socket.write("x".repeat(200_000));
    large.socket.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
    await settle();
    expect(large.answer()).toMatch(/answered early[\s\S]*HTTP\/1\.1 200[\s\S]*received 0$/);
  });

  it("gives the places back when the senders reset their connections", async () => {
    const slow = [await slowBody("203.0.113.9"), await slowBody("203.0.113.9")];
    await settle();
    const third = await slowBody("203.0.113.9");
    await settle();
    expect(status(third.answer())).toBe(429);
    for (const request of slow) request.socket.resetAndDestroy();
    await settle();
    const again = [await slowBody("203.0.113.9"), await slowBody("203.0.113.9")];
    await settle();
    expect(again.map((request) => request.answer())).toEqual(["", ""]);
    expect(again.every((request) => !request.isClosed())).toBe(true);
  });

  it("closes a connection whose body has not arrived by its deadline, and frees its place", async () => {
    const slow = await slowBody("203.0.113.10");
    await settle(200);
    expect(slow.isClosed()).toBe(false);
    await settle(400);
    expect(slow.isClosed()).toBe(true);
    const [first, second] = [await slowBody("203.0.113.10"), await slowBody("203.0.113.10")];
    await settle();
    expect([first.answer(), second.answer()]).toEqual(["", ""]);
  });

  it("gives a body's place back once it is answered unread, though its sender stays connected", async () => {
    const early = [];
    for (let i = 0; i < 4; i++) {
      const request = await send("POST /early HTTP/1.1\r\nContent-Length: 300000\r\n\r\n", {
        forwardedFor: "203.0.113.13",
      });
      request.socket.write("x".repeat(100_000));
      early.push(request);
      // Answered and its place given back before the next; all four well within the 400 ms drain.
      await settle(30);
    }
    await settle(50);
    // More answered bodies than the network's two places, each still open and silent.
    expect(early.map((request) => status(request.answer()))).toEqual([413, 413, 413, 413]);
    expect(early.every((request) => !request.isClosed())).toBe(true);
    const next = [await slowBody("203.0.113.13"), await slowBody("203.0.113.13")];
    await settle();
    expect(next.map((request) => request.answer())).toEqual(["", ""]);
    // Silent past the deadline, the drained connections are closed.
    await settle(500);
    expect(early.every((request) => request.isClosed())).toBe(true);
  });
});
