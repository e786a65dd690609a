import { createServer, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { capConnections } from "./connection-caps.server";

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("capConnections", () => {
  let server: Server;
  let port: number;
  const held: ServerResponse[] = [];
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = createServer((req, res) => {
      // /hold stays in progress until the test lets it go.
      if (req.url === "/hold") held.push(res);
      else res.end("ok");
    });
    capConnections(server, {
      logger: pino({ level: "silent" }),
      limits: { total: 12, perNetwork: 4 },
      isTrustedPeer: (address) => address === "127.0.0.20",
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const res of held.splice(0)) res.end();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** An open connection from one of the loopback addresses, which one telling its network. */
  async function open(from: string) {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    sockets.push(socket);
    let closed = false;
    let answer = "";
    socket.on("close", () => {
      closed = true;
    });
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    return {
      socket,
      isOpen: () => !closed,
      answer: () => answer,
      send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    };
  }
  type Opened = Awaited<ReturnType<typeof open>>;

  async function openMany(from: string, count: number): Promise<Opened[]> {
    const opened: Opened[] = [];
    for (let i = 0; i < count; i++) opened.push(await open(from));
    await settle();
    return opened;
  }

  it("keeps one network to its share: a newcomer pushes out that network's oldest idle connection", async () => {
    const crowd = await openMany("127.0.0.3", 10);
    expect(crowd.map((connection) => connection.isOpen())).toEqual([
      ...Array(6).fill(false),
      ...Array(4).fill(true),
    ]);
    const visitor = await open("127.0.0.4");
    visitor.send("/");
    await settle();
    expect(visitor.answer()).toMatch(/^HTTP\/1\.1 200/);
  });

  it("refuses a network's newcomer when all its connections are mid-request, and answers those", async () => {
    const busy = await openMany("127.0.0.5", 4);
    for (const connection of busy) connection.send("/hold");
    await settle();
    const extra = await open("127.0.0.5");
    await settle();
    expect(extra.isOpen()).toBe(false);
    expect(busy.every((connection) => connection.isOpen())).toBe(true);
    for (const res of held.splice(0)) res.end("done");
    await settle();
    expect(busy.every((connection) => /^HTTP\/1\.1 200/.test(connection.answer()))).toBe(true);
  });

  it("when full, lets a newcomer in by closing an idle connection of the biggest holder", async () => {
    const big = await openMany("127.0.0.6", 4);
    const middle = await openMany("127.0.0.7", 4);
    const small = await openMany("127.0.0.8", 3);
    // Mid-request connections are never the ones closed.
    for (const connection of middle) connection.send("/hold");
    await settle();
    const twelfth = await open("127.0.0.9");
    await settle();
    expect(twelfth.isOpen()).toBe(true);
    const visitor = await open("127.0.0.10");
    visitor.send("/");
    await settle();
    expect(visitor.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(big.filter((connection) => connection.isOpen())).toHaveLength(3);
    expect(middle.every((connection) => connection.isOpen())).toBe(true);
    expect(small.every((connection) => connection.isOpen())).toBe(true);
  });

  it("refuses a newcomer when every connection is mid-request", async () => {
    const all = [
      ...(await openMany("127.0.0.11", 4)),
      ...(await openMany("127.0.0.12", 4)),
      ...(await openMany("127.0.0.13", 4)),
    ];
    for (const connection of all) connection.send("/hold");
    await settle();
    const late = await open("127.0.0.14");
    await settle();
    expect(late.isOpen()).toBe(false);
    expect(all.every((connection) => connection.isOpen())).toBe(true);
  });

  it("does not hold a trusted proxy to one network's share", async () => {
    const proxy = await openMany("127.0.0.20", 10);
    expect(proxy.every((connection) => connection.isOpen())).toBe(true);
  });
});
