// Every place a request takes comes back, however it ends: bodies answered 413 before they were
// read, bodies whose sender reset the connection and bodies that stall past their deadline, all
// from one network behind the trusted proxy. Afterwards that network's visitors post the contact
// form and sign in as if nothing happened, and the request, connection and overload counters
// all read 0.
import { request, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The one visitor network every request below comes from, through the loopback proxy. */
const network = "203.0.113.50";
const bodyDeadlineMs = 1_500;

describe.each(getTestDatabaseKinds())("places come back on $name", (kind) => {
  let site: TestSite;
  let server: Server;
  let port = 0;
  let origin = "";

  beforeAll(async () => {
    site = await startTestSite(
      await kind.create(),
      {},
      { requestCaps: { bodyBaseMs: bodyDeadlineMs, bodyBytesPerSecond: 10_000_000 } },
    );
    // The production server, with its connection caps, around the same app.
    server = site.site.createSiteServer(site.app, {
      logger: pino({ level: "silent" }),
      isTrustedPeer: (address) => site.app.isTrustedProxy(address, 0),
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    // The server build loaded and warm: a cold first answer could outlast the short deadlines.
    expect((await fetch(`${origin}/about`)).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await site?.close();
  });

  type Answer = { status: number; body: string; cookie: string };

  /** One request on a connection of its own (closed after), from the visitor network. */
  function send(method: string, path: string, body = ""): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent: false,
          headers: {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            origin,
            "x-forwarded-for": network,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text,
              cookie: res.headers["set-cookie"]?.[0]?.split(";")[0] ?? "",
            }),
          );
        },
      );
      // The server may answer (413) and close before the whole body is written.
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A POST head from the visitor network and the first bytes of its body; more never come. */
  function startBody(contentLength: number, firstBytes: string) {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let closed = false;
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
    });
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
        `X-Forwarded-For: ${network}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${contentLength}\r\n\r\n${firstBytes}`,
    );
    return { socket, answer: () => answer, isClosed: () => closed };
  }

  async function readCounts() {
    const load = site.app.readLoad();
    const connections = site.site.readConnectionCounts(server);
    return {
      inProgress: load.requests.inProgress,
      bodies: load.requests.bodies,
      networks: load.requests.networks,
      overloadInFlight: load.overload.inFlight,
      connectionsOpen: connections?.open,
      connectionsBusy: connections?.busy,
    };
  }

  /** Polls the counters until they all read 0, at most 3 s (sockets close a moment after). */
  async function settledCounts() {
    let counts = await readCounts();
    for (let i = 0; i < 30 && Object.values(counts).some((count) => count !== 0); i++) {
      await sleep(100);
      counts = await readCounts();
    }
    return counts;
  }

  const zeros = {
    inProgress: 0,
    bodies: 0,
    networks: 0,
    overloadInFlight: 0,
    connectionsOpen: 0,
    connectionsBusy: 0,
  };

  it("gives back every place after oversize, aborted and stalled bodies from one network", async () => {
    // More than the network's 8 body places, in each way, so any leak locks it out. Oversize
    // bodies are answered 413 before they are read; their senders then send nothing more.
    const oversize: Array<ReturnType<typeof startBody>> = [];
    for (let wave = 0; wave < 4; wave++) {
      const bodies = Array.from({ length: 5 }, () => startBody(400_000, "x".repeat(100_000)));
      oversize.push(...bodies);
      for (let waited = 0; waited < 10_000; waited += 50) {
        if (bodies.every((body) => body.answer().startsWith("HTTP/1.1 "))) break;
        await sleep(50);
      }
    }
    expect(oversize.map((body) => body.answer().slice(0, 12))).toEqual(
      oversize.map(() => "HTTP/1.1 413"),
    );
    // Answered, they hold no place: the network posts again at once, though they are still open.
    expect((await send("POST", "/api/contact", "{not json")).status).toBe(400);

    for (let wave = 0; wave < 4; wave++) {
      const aborted = Array.from({ length: 5 }, () => startBody(5_000, '{"name":"Ann'));
      await sleep(50);
      for (const body of aborted) body.socket.resetAndDestroy();
    }

    for (let wave = 0; wave < 3; wave++) {
      const stalled = Array.from({ length: 7 }, () => startBody(200, '{"name":'));
      await sleep(bodyDeadlineMs + 300);
      // Past the deadline the server closed each connection without an answer.
      expect(stalled.map((body) => body.isClosed())).toEqual(stalled.map(() => true));
      expect(stalled.map((body) => body.answer())).toEqual(stalled.map(() => ""));
    }

    // The answered oversize senders that went quiet are closed by the deadline too.
    expect(oversize.map((body) => body.isClosed())).toEqual(oversize.map(() => true));
    expect(await settledCounts()).toEqual(zeros);

    // The network is not shut out: its visitor's message and its owner's sign-in go through.
    const contact = await send(
      "POST",
      "/api/contact",
      JSON.stringify({
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "",
        company: "",
        message: "We would like help with our office network.",
      }),
    );
    expect(contact.status).toBe(201);
    const stored = await site.services.db
      .selectFrom("contact_messages")
      .select("email")
      .where("email", "=", "ann@example.com")
      .execute();
    expect(stored).toHaveLength(1);
    const login = await send("POST", "/api/admin/login", JSON.stringify(testAdmin));
    expect(login.status).toBe(200);
    expect(login.cookie).not.toBe("");

    expect(await settledCounts()).toEqual(zeros);
  }, 60_000);
});
