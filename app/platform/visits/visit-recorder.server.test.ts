// The visit recorder against a real SQLite database: counts kept while the database cannot take
// them and written once it can, none lost to a flush already under way, memory bounded (the oldest
// batch dropped with a warning), Global Privacy Control and the counting switch honoured.
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.server";
import type { Db } from "../db/tables.server";
import { createVisitRecorder } from "./visit-recorder.server";

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function pageRequest(url: string, ip: string, headers: Record<string, string> = {}) {
  return {
    method: "GET",
    url,
    headers: { host: "site.example", "user-agent": browser, "x-test-ip": ip, ...headers },
  } as unknown as IncomingMessage;
}

describe("the visit recorder", () => {
  let dir: string;
  let db: Db;
  const warnings: string[] = [];
  const logger = pino(
    { level: "warn" },
    { write: (line: string) => warnings.push(JSON.parse(line).msg) },
  );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "visits-"));
    db = await openDatabase(`file:${join(dir, "site.db")}`);
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    warnings.length = 0;
    await db.deleteFrom("visit_page_views").execute();
    await db.deleteFrom("visit_entries").execute();
    await db.deleteFrom("site_settings").execute();
  });

  function makeRecorder(options: { maxBatchKeys?: number; maxBatches?: number; db?: Db } = {}) {
    const recorder = createVisitRecorder({
      db,
      logger,
      enabled: true,
      networkOf: (req) => String(req.headers["x-test-ip"]),
      isPublicPage: (path) => path.startsWith("/"),
      flushMs: 3_600_000,
      ...options,
    });
    return recorder;
  }

  const countViews = async () =>
    Number(
      (
        await db
          .selectFrom("visit_page_views")
          .select((eb) => eb.fn.sum("views").as("views"))
          .executeTakeFirst()
      )?.views ?? 0,
    );

  it("keeps the counts while the database refuses them and writes them once it takes them", async () => {
    const recorder = makeRecorder();
    await recorder.flush();
    recorder.noteView(pageRequest("/about", "192.0.2.1"), 200);
    recorder.noteView(pageRequest("/services", "192.0.2.1"), 200);
    await sql`alter table visit_page_views rename to visit_page_views_away`.execute(db);
    try {
      await recorder.flush();
      expect(recorder.pendingBatches()).toBe(1);
      recorder.noteView(pageRequest("/blog", "192.0.2.2"), 200);
    } finally {
      await sql`alter table visit_page_views_away rename to visit_page_views`.execute(db);
    }
    await recorder.stop();
    expect(recorder.pendingBatches()).toBe(0);
    expect(await countViews()).toBe(3);
  });

  it("writes views counted while a flush was already writing when flushed again, as at shutdown", async () => {
    // The upsert of the visits waits at a gate, so the first flush is caught after sealing its batch.
    const gate = Promise.withResolvers<void>();
    const atGate = Promise.withResolvers<void>();
    const gatedQueries = new Set<string>();
    const recorder = makeRecorder({
      db: db.withPlugin({
        transformQuery({ node, queryId }) {
          if (
            node.kind === "InsertQueryNode" &&
            node.into?.table.identifier.name === "visit_entries"
          )
            gatedQueries.add(queryId.queryId);
          return node;
        },
        async transformResult({ result, queryId }) {
          if (gatedQueries.has(queryId.queryId)) {
            atGate.resolve();
            await gate.promise;
          }
          return result;
        },
      }),
    });
    await recorder.flush();
    recorder.noteView(pageRequest("/about", "192.0.2.1"), 200);
    const first = recorder.flush();
    await atGate.promise;
    recorder.noteView(pageRequest("/services", "192.0.2.1"), 200);
    const atShutdown = recorder.stop();
    gate.resolve();
    await Promise.all([first, atShutdown]);
    expect(await countViews()).toBe(2);
  });

  it("bounds memory: beyond the unwritten batches it may keep, the oldest is dropped with a warning", async () => {
    const recorder = makeRecorder({ maxBatchKeys: 2, maxBatches: 1 });
    await recorder.flush();
    await sql`alter table visit_page_views rename to visit_page_views_away`.execute(db);
    try {
      // Each visitor's first view is two keys (the view and the visit): one sealed batch each.
      for (let n = 1; n <= 3; n++) recorder.noteView(pageRequest("/about", `192.0.2.${n}`), 200);
      await recorder.flush();
      expect(recorder.pendingBatches()).toBe(1);
      expect(warnings).toContain(
        "Visit counts dropped: the database has not taken them and memory for them is full",
      );
    } finally {
      await sql`alter table visit_page_views_away rename to visit_page_views`.execute(db);
    }
    await recorder.stop();
    expect(await countViews()).toBe(1);
  });

  it("counts nothing from a browser sending Global Privacy Control, unless the owner chose to count it", async () => {
    const recorder = makeRecorder();
    await recorder.flush();
    recorder.noteView(pageRequest("/about", "192.0.2.10", { "sec-gpc": "1" }), 200);
    await recorder.flush();
    expect(await countViews()).toBe(0);
    await db
      .insertInto("site_settings")
      .values({ name: "visits_honour_gpc", value: "off", updated_at: new Date().toISOString() })
      .execute();
    await recorder.flush();
    recorder.noteView(pageRequest("/about", "192.0.2.10", { "sec-gpc": "1" }), 200);
    await recorder.stop();
    expect(await countViews()).toBe(1);
  });

  it("counts nothing once counting is switched off in Settings, and nothing is attributed", async () => {
    await db
      .insertInto("site_settings")
      .values({ name: "visits_counting", value: "off", updated_at: new Date().toISOString() })
      .execute();
    const recorder = makeRecorder();
    await recorder.flush();
    recorder.noteView(pageRequest("/about", "192.0.2.20"), 200);
    expect(await recorder.readAttribution("192.0.2.20", browser)).toBeNull();
    await recorder.stop();
    expect(await countViews()).toBe(0);
  });
});
