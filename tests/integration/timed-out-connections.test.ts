// A request that reaches the server on a connection it is timing out at that moment is run once.
// Browsers open connections ahead of need and use one when a form is sent; if the server's header
// timeout fires first (on a loaded server, before it reads what arrived), the browser sends the
// request again on a new connection. The first copy must not be run as well: the owner's save
// would be refused as a conflict with itself. (Contact messages carry an idempotency key.)
import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultContent } from "~/features/content/default-content";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const headersMs = 400;

describe.each(getTestDatabaseKinds())(
  "a connection timed out as its request arrives, on $name",
  (kind) => {
    let site: TestSite;
    let server: Server;
    let origin = "";
    let port = 0;

    beforeAll(async () => {
      site = await startTestSite(await kind.create());
      server = site.site.createSiteServer(site.app, {
        logger: pino({ level: "silent" }),
        timeouts: { headersMs, checkEveryMs: 50 },
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
      origin = `http://127.0.0.1:${port}`;
    }, 60_000);

    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      await site?.close();
    });

    function rawRequest(path: string, body: string, headers: Record<string, string> = {}) {
      const lines = Object.entries({
        Host: `127.0.0.1:${port}`,
        Origin: origin,
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        ...headers,
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      return `POST ${path} HTTP/1.1\r\n${lines.join("")}\r\n${body}`;
    }

    /**
     * Sends a request on a connection opened a moment before (with headStart of it sent at once),
     * then keeps this process (the server's too) busy past the header timeout, so that the server's
     * timeout check runs before it reads the rest. Resolves with what came back on that connection
     * before it closed.
     */
    async function sendAsTimeoutFires(request: string, headStart = 0): Promise<string> {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("error", () => {});
      const closed = new Promise((resolve) => socket.on("close", resolve));
      await new Promise((resolve) => socket.once("connect", resolve));
      if (headStart > 0) socket.write(request.slice(0, headStart));
      await sleep(headersMs - 150);
      setImmediate(() => {
        socket.write(request.slice(headStart));
        const busyUntil = Date.now() + 300;
        while (Date.now() < busyUntil) {
          // Busy, as a loaded server is: the request waits unread in the kernel meanwhile.
        }
      });
      await Promise.race([closed, sleep(5_000)]);
      socket.destroy();
      return answer;
    }

    /** A request on a new connection: as the browser resends one after a 408. */
    async function postOnNewConnection(
      path: string,
      body: string,
      headers: Record<string, string> = {},
    ) {
      return fetch(`${origin}${path}`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/json", ...headers },
        body,
      });
    }

    /** Signs in and reads the content's version: the owner's save, as the editor sends it. */
    async function prepareSave() {
      const login = await postOnNewConnection("/api/admin/login", JSON.stringify(testAdmin));
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      const loaded = await fetch(`${origin}/api/content`, { headers: { Cookie: cookie } });
      const version = Number(/"(\d+)"/.exec(loaded.headers.get("etag") ?? "")?.[1]);
      expect(Number.isInteger(version)).toBe(true);
      const body = JSON.stringify({
        content: { blog: { ...defaultContent.blog, heading: `Notes ${version}` } },
      });
      const headers = { Cookie: cookie, "If-Match": `"${version}"` };
      /** The browser's resend is saved as the next version, not refused as a conflict. */
      const expectResendSaved = async () => {
        const again = await postOnNewConnection("/api/content", body, headers);
        expect(again.status, await again.clone().text()).toBe(200);
        expect((await again.json()) as { version: number }).toMatchObject({ version: version + 1 });
        const current = await fetch(`${origin}/api/content`, { headers: { Cookie: cookie } });
        expect(current.headers.get("etag")).toBe(`"${version + 1}"`);
      };
      return { request: rawRequest("/api/content", body, headers), expectResendSaved };
    }

    it("closes a connection that had sent nothing without running the save that reaches it", async () => {
      const save = await prepareSave();
      // Closed without an answer: no 200 for a save the browser will send again.
      expect(await sendAsTimeoutFires(save.request)).toBe("");
      await save.expectResendSaved();
    }, 30_000);

    it("answers a half-sent request 408 and does not run it when the rest arrives", async () => {
      const save = await prepareSave();
      const answer = await sendAsTimeoutFires(
        save.request,
        "POST /api/content HTTP/1.1\r\n".length,
      );
      // Its one answer is the 408: nothing came after it.
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).not.toContain("HTTP/1.1 200");
      await save.expectResendSaved();
    }, 30_000);
  },
);
