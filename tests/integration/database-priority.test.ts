// The database's priority lane on PostgreSQL: with every connection of the visitors' pool busy and
// more work queued behind it, /readyz, /healthz and a signed-in admin are still answered at once
// from the lane's own connections, while a visitor's query keeps waiting for the main pool; a wait
// for that busy pool that runs out is not taken for a database that stopped answering; nor is a
// slow query at a time new connections are slow to open (a busy machine).
import { connect, createServer, type Server, type Socket } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPoolSizes, probeApplicationName } from "~/platform/db/database.server";
import { logInCookie } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

const postgres = getTestDatabaseKinds().filter((kind) => kind.name === "postgres");

describe.each(postgres)("the priority lane on $name", (kind) => {
  let site: TestSite;
  let cookie: string;

  beforeAll(async () => {
    site = await startTestSite(await kind.create());
    cookie = await logInCookie(site);
  });
  afterAll(async () => {
    await site?.close();
  });

  async function timed(path: string, headers: Record<string, string> = {}) {
    const started = performance.now();
    const response = await fetch(`${site.url}${path}`, { headers });
    await response.text();
    return { status: response.status, ms: performance.now() - started };
  }

  it("answers /readyz, /healthz and an admin within a second while the visitors' pool is full", async () => {
    // Every connection of the main pool held for 2 s, and one more query queued behind them.
    const hold = () => sql`select pg_sleep(2)`.execute(site.services.db);
    const holding = Array.from({ length: postgresPoolSizes.main }, hold);
    let queuedDone = false;
    const queued = sql`select 1`.execute(site.services.db).then(() => {
      queuedDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const ready = await timed("/readyz");
    const health = await timed("/healthz");
    const admin = await timed("/api/admin/images", { cookie });
    // The main pool was still full: the visitors' query had not run yet.
    expect(queuedDone).toBe(false);

    expect(ready).toMatchObject({ status: 200 });
    expect(health).toMatchObject({ status: 200 });
    expect(admin).toMatchObject({ status: 200 });
    for (const answer of [ready, health, admin]) expect(answer.ms).toBeLessThan(1_000);

    await Promise.all([...holding, queued]);
    expect(queuedDone).toBe(true);
  }, 30_000);

  it("does not take a visitor's wait for a busy pool for a silent database", async () => {
    const { db } = site.services;
    // Every connection of the main pool held for 4 s: longer than a queued request waits (3 s).
    const holding = Array.from({ length: postgresPoolSizes.main }, () =>
      sql`select pg_sleep(4)`.execute(db),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // A page not kept, and a query of the site's own, both queued for the main pool.
    const miss = timed("/blog?q=busy-pool");
    const queued = sql`select 1`.execute(db).then(
      () => "answered",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );

    // The page's version read gives up after half a second; the database answered all along, so
    // readiness holds. Then the queued query gives up after three seconds: again only a wait.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await timed("/readyz")).toMatchObject({ status: 200 });
    expect(await queued).toBe("timeout exceeded when trying to connect");
    expect(await timed("/readyz")).toMatchObject({ status: 200 });

    // The visitor's page is rendered once a connection is free.
    expect(await miss).toMatchObject({ status: 200 });
    await Promise.all(holding);
  }, 30_000);
});

/**
 * A TCP proxy to the database that holds each new connection for `delayMs` before passing it on,
 * as a busy machine is slow to start a connection's server process; open ones pass at once.
 */
async function startConnectDelayProxy(target: URL) {
  let delayMs = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.pause();
    setTimeout(() => {
      const upstream = connect(Number(target.port || 5432), target.hostname, () => {
        socket.pipe(upstream);
        upstream.pipe(socket);
        socket.resume();
      });
      upstream.on("error", () => socket.destroy());
      socket.on("error", () => upstream.destroy());
      upstream.on("close", () => socket.destroy());
      socket.on("close", () => upstream.destroy());
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(postgres)("slow new connections on $name", (kind) => {
  it("do not make a slow query open the circuit: the probe's connection is open already", async () => {
    const database = await kind.create();
    const proxy = await startConnectDelayProxy(new URL(database.url));
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    const site = await startTestSite({ url: proxied.toString(), drop: database.drop });
    try {
      const { db } = site.services;
      // The probe's connection is opened with the database, before any query is slow.
      const probeConnections = async () =>
        Number(
          (
            await sql<{ count: string }>`select count(*) as count from pg_stat_activity
              where datname = current_database() and application_name = ${probeApplicationName}`.execute(
              db,
            )
          ).rows[0]?.count,
        );
      for (let waited = 0; (await probeConnections()) === 0 && waited < 3_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await probeConnections()).toBe(1);

      // New connections now take 3 s to open; a query runs 2 s, past the 0.4 s at which the
      // circuit asks its probe whether the database still answers, and past the probe's 0.5 s.
      proxy.setDelay(3_000);
      await sql`select pg_sleep(2)`.execute(db);
      // The probe answered on its open connection: the query was not given up, and the next one
      // is run, not refused.
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      proxy.setDelay(0);
      expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
    } finally {
      await site.close();
      await proxy.close();
    }
  }, 30_000);
});
