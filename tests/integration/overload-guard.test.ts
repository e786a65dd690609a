// The overload guard's slots always come back: clients that reset their connection at every stage
// of the pipeline (before the static-file lookup, during the session and version checks, while a
// body is still arriving) leave its count at 0, so the site never sheds itself to 503 until a
// restart; /readyz shows the count. A signed-in admin is never refused, whatever the load, nor is a
// visitor's message for a queue of renders.
import { connect } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestDatabaseKinds } from "../support/databases";
import { listMatchingSearches } from "../support/publications";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Readiness = {
  status: string;
  overload: { inFlight: number; stuck: boolean; saturated: boolean };
};

describe.each(getTestDatabaseKinds())("overload guard on $name", (kind) => {
  let site: TestSite;
  let url = "";
  let port = 0;
  let databaseUrl = "";

  beforeAll(async () => {
    const database = await kind.create();
    databaseUrl = database.url;
    // A guard that refuses as soon as two requests' work is in flight: a leaked slot shows at once.
    site = await startTestSite(
      database,
      {},
      {
        overload: { maxQueueMs: 1, minInFlight: 2, assumedCostMs: 1_000 },
      },
    );
    url = site.url;
    port = Number(new URL(url).port);
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  async function readiness(): Promise<Readiness> {
    return (await (await fetch(`${url}/readyz`)).json()) as Readiness;
  }

  /**
   * Polls /readyz until nothing is in flight (work already started may finish) and the loop is no
   * longer saturated by the storm, at most 5 s.
   */
  async function settledInFlight(): Promise<number> {
    let state = await readiness();
    for (let i = 0; i < 50 && (state.overload.inFlight > 0 || state.overload.saturated); i++) {
      await sleep(100);
      state = await readiness();
    }
    return state.overload.inFlight;
  }

  /** Sends raw bytes and resets the connection after delayMs (0: as soon as it is written). */
  function sendAndReset(raw: string, delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(raw);
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, delayMs);
      });
      socket.on("error", () => resolve());
    });
  }

  const host = () => `Host: 127.0.0.1:${port}`;
  // One request per stage of the pipeline where the host awaits something.
  const stages = [
    // Uploaded images: express.static's file lookup.
    (n: number) => `GET /images/uploads/missing-${n}.png HTTP/1.1\r\n${host()}\r\n\r\n`,
    // Hashed assets and build files: the precompressed lookup, then React Router's 404.
    (n: number) => `GET /assets/missing-${n}.js HTTP/1.1\r\n${host()}\r\n\r\n`,
    // A page nobody asked for: the version read, then a render.
    (n: number) => `GET /blog?q=reset-${n} HTTP/1.1\r\n${host()}\r\n\r\n`,
    // A session cookie: the session lookup, for any path.
    (n: number) =>
      `GET /admin/leads HTTP/1.1\r\n${host()}\r\nCookie: session=not-a-session-${n}\r\n\r\n`,
    // The old service paths: the content read.
    () => `GET /services/it-strategy HTTP/1.1\r\n${host()}\r\n\r\n`,
    // A body that never finishes: admitted, then the client goes.
    () =>
      `POST /api/contact HTTP/1.1\r\n${host()}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":`,
  ];

  it("gives every slot back when clients reset at every stage, and /readyz says so", async () => {
    expect((await readiness()).overload.inFlight).toBe(0);
    const delays = [0, 0, 1, 2, 5, 10, 25];
    let n = 0;
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        stages.flatMap((stage) =>
          delays.map((delay) => {
            n++;
            return sendAndReset(stage(n), delay);
          }),
        ),
      );
    }
    expect(n).toBeGreaterThan(800);
    expect(await settledInFlight()).toBe(0);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    // Uncached work is still admitted: the guard did not shed itself.
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${url}/blog?q=after-the-storm-${i}`);
      expect(page.status).toBe(200);
    }
    expect((await fetch(`${url}/admin/login`)).status).toBe(200);
  }, 60_000);

  it("never refuses a signed-in admin while a crowd of renders is shed", async () => {
    expect(await settledInFlight()).toBe(0);
    const login = await fetch(`${url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify(testAdmin),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";

    // A crowd of pages nobody asked for before, and the admin at work at the same moment.
    const crowd = Promise.all(
      listMatchingSearches(40).map(async (q) => {
        const answer = await fetch(`${url}/blog?q=${encodeURIComponent(q)}`);
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const adminPaths = ["/admin/leads", "/api/admin/session", "/blog?q=admin-view", "/images"];
    const adminAnswers = await Promise.all(
      adminPaths.map(async (path) => {
        const answer = await fetch(`${url}${path}`, { headers: { cookie } });
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const statuses = await crowd;
    expect(statuses).toContain(503);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(adminAnswers).toEqual(adminPaths.map(() => 200));
    expect(await settledInFlight()).toBe(0);
  }, 60_000);

  it("takes a visitor's message while a crowd of renders is shed", async () => {
    expect(await settledInFlight()).toBe(0);
    // PostgreSQL renders wait on the database, not the loop: hold the articles so the renders
    // admitted stay in flight while the message comes, as a slow database would. (SQLite renders
    // run one at a time: there the message comes amid the crowd, in flight or queued.)
    const holder =
      kind.name === "postgres" ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    await holder?.connect();
    await holder?.query("begin; lock table articles in access exclusive mode");
    const crowd = Promise.all(
      // Searches the admin's crowd did not make: none of them is kept yet.
      listMatchingSearches(80)
        .slice(40)
        .map(async (q) => {
          const answer = await fetch(`${url}/blog?q=${encodeURIComponent(q)}`);
          await answer.arrayBuffer();
          return answer.status;
        }),
    );
    if (holder) {
      // Two renders are admitted and held; every other one has been refused.
      for (let i = 0; i < 50 && (await readiness()).overload.inFlight < 2; i++) await sleep(100);
    }
    const email = `crowd-${Date.now()}@example.com`;
    const message = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({
        name: "Crowd Sender",
        email,
        phone: "",
        company: "",
        message: "Sent while pages were being refused.",
      }),
    });
    await holder?.query("commit");
    await holder?.end();
    const statuses = await crowd;
    expect(statuses).toContain(503);
    expect(message.status).toBe(201);
    const stored = await site.services.db
      .selectFrom("contact_messages")
      .select("email")
      .where("email", "=", email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(await settledInFlight()).toBe(0);
  }, 60_000);

  it("gives slow bodies no slot at all: they wait at the door, and reset, leave nothing behind", async () => {
    const sockets = Array.from({ length: 4 }, () => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => {});
      socket.write(stages[5]?.(0) ?? "");
      return socket;
    });
    await sleep(300);
    // The bodies are still arriving: no render, no slot, and visitors are served.
    expect((await readiness()).overload.inFlight).toBe(0);
    expect((await fetch(`${url}/blog?q=while-slow-bodies`)).status).toBe(200);
    for (const socket of sockets) socket.resetAndDestroy();
    expect(await settledInFlight()).toBe(0);
    expect((await fetch(`${url}/blog?q=after-slow-bodies`)).status).toBe(200);
  }, 60_000);
});
