// The database's priority lane on PostgreSQL: with every connection of the visitors' pool busy and
// more work queued behind it, /readyz, /healthz and a signed-in admin are still answered at once
// from the lane's own connections, while a visitor's query keeps waiting for the main pool.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPoolSizes } from "~/platform/db/database.server";
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
});
