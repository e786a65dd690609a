// The visit recorder's memory and rows against a client that invents a browser per request, on a
// real SQLite database: fixed-size keys whatever the User-Agent's length, a network's visitors
// capped (its further views under one shared visitor, which its leads are attributed to).
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.server";
import type { Db } from "../db/tables.server";
import { createVisitRecorder } from "./visit-recorder.server";

/** A browser's User-Agent padded to about 14 KB, made unique by `n` where it is read. */
const hugeBrowser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64; ${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${"z".repeat(14_000)}`;

function pageRequest(url: string, network: string, userAgent: string) {
  return {
    method: "GET",
    url,
    headers: { host: "site.example", "user-agent": userAgent, "x-test-network": network },
  } as unknown as IncomingMessage;
}

describe("the visit recorder against a client inventing browsers", () => {
  let dir: string;
  let db: Db;
  let clock = Date.UTC(2026, 10, 29, 12);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "visit-bounds-"));
    db = await openDatabase(`file:${join(dir, "site.db")}`);
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.deleteFrom("visit_page_views").execute();
    await db.deleteFrom("visit_entries").execute();
  });

  function makeRecorder(newVisitorsPerNetworkHour?: number) {
    return createVisitRecorder({
      db,
      logger: pino({ level: "silent" }),
      enabled: true,
      networkOf: (req) => String(req.headers["x-test-network"]),
      isPublicPage: (path) => path.startsWith("/"),
      flushMs: 3_600_000,
      now: () => clock,
      ...(newVisitorsPerNetworkHour ? { newVisitorsPerNetworkHour } : {}),
    });
  }

  const countRows = async () => {
    const entries = await db.selectFrom("visit_entries").select("visitor").execute();
    const views = await db
      .selectFrom("visit_page_views")
      .select((eb) => eb.fn.sum<number>("views").as("views"))
      .executeTakeFirst();
    return { visitors: entries.length, views: Number(views?.views ?? 0) };
  };

  it("keys its memory by a 22-character hash, whatever the User-Agent's length", async () => {
    const recorder = makeRecorder();
    await recorder.flush();
    // A thousand networks: none past its new visitors, so each browser is kept.
    for (let n = 0; n < 1000; n++) {
      recorder.noteView(pageRequest("/about", `198.51.${n >> 8}.${n & 255}`, hugeBrowser(n)), 200);
    }
    const held = recorder.readMemoryUse();
    expect(held.identities).toBe(1000);
    expect(held.identityKeyChars).toBe(1000 * 22);
    expect(held.visitors).toBe(1000);
    await recorder.stop();
    expect(await countRows()).toEqual({ visitors: 1000, views: 1000 });
  });

  it("holds and writes a network's new visitors only: 2,000 invented browsers from one address are 31 visitors, every view counted", async () => {
    const recorder = makeRecorder();
    await recorder.flush();
    for (let n = 0; n < 2000; n++) {
      // A view a second: slower than a crawler's pace, so every one is a person's.
      clock += 1000;
      recorder.noteView(pageRequest(`/page-${n % 7}`, "192.0.2.9", hugeBrowser(n)), 200);
    }
    const held = recorder.readMemoryUse();
    expect(held.identities).toBe(30);
    expect(held.visitors).toBe(31);
    expect(held.networks).toBe(1);
    await recorder.stop();
    expect(await countRows()).toEqual({ visitors: 31, views: 2000 });
  });

  it("counts an office's people past the cap under one visitor, and attributes their leads to it", async () => {
    const recorder = makeRecorder(2);
    await recorder.flush();
    const person = (n: number) => hugeBrowser(n).slice(0, 140);
    // Five people read the same two pages in the same minute.
    for (let n = 1; n <= 5; n++) {
      recorder.noteView(
        pageRequest("/services?utm_source=newsletter", "203.0.113.5", person(n)),
        200,
      );
      recorder.noteView(pageRequest("/about", "203.0.113.5", person(n)), 200);
    }
    const first = await recorder.readAttribution("203.0.113.5", person(1));
    expect(first).toMatchObject({ landingPage: "/services", pageCount: 2, source: "newsletter" });
    // People 3 to 5 share one visit: three people's two pages.
    const fifth = await recorder.readAttribution("203.0.113.5", person(5));
    expect(fifth).toMatchObject({ landingPage: "/services", pageCount: 6 });
    await recorder.stop();
    expect(await countRows()).toEqual({ visitors: 3, views: 10 });
    // Written and forgotten by this process, the shared visit is still found for a lead.
    const later = makeRecorder(2);
    expect(await later.readAttribution("203.0.113.5", person(4))).toMatchObject({
      landingPage: "/services",
      pageCount: 6,
      source: "newsletter",
    });
    await later.stop();
  });
});
