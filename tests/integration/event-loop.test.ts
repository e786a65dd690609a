// The event loop's budget, measured by the running site: /readyz reports the loop's delay (p99
// and max), and a real stall, the render of a huge page stored before pages had a size cap, is
// logged with the request that held the loop.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Block, createBlock } from "~/capabilities/blocks/page-blocks";
import { logInCookie, sendJsonAs } from "../support/admin-requests";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite } from "../support/test-site";

type Line = { msg: string; stallMs?: number; heldBy?: string[] };
type Ready = { eventLoop: { p99Ms: number; maxMs: number; stalls: number } };

/** As many questions as the blocks allow, each answer as long as allowed: 3.6 MB of text. */
function hugeFaq(): Block[] {
  return Array.from({ length: 40 }, (_, b) => ({
    ...createBlock("faq", `faq${b}`),
    heading: `Questions, part ${b + 1}`,
    items: Array.from({ length: 30 }, (_, i) => ({
      question: `Question ${b}-${i}: what happens when the office network goes down?`,
      answer:
        `Answer ${b}-${i}. ${"We're on call & we'll say \"when\" before we start. ".repeat(60)}`.slice(
          0,
          3000,
        ),
    })),
  })) as Block[];
}

describe("the event loop's budget", () => {
  const lines: Line[] = [];
  let site: TestSite;

  beforeAll(async () => {
    const [sqlite] = getTestDatabaseKinds();
    if (!sqlite) throw new Error("no database");
    const logger = pino(
      { level: "warn" },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    site = await startTestSite(await sqlite.create(), {}, {}, { logger });
  });
  afterAll(() => site?.close());

  const readReady = async () => (await (await fetch(`${site.url}/readyz`)).json()) as Ready;

  it("reports the loop's p99 and max in /readyz", async () => {
    const { eventLoop } = await readReady();
    expect(eventLoop.p99Ms).toBeGreaterThanOrEqual(0);
    expect(eventLoop.maxMs).toBeGreaterThanOrEqual(eventLoop.p99Ms);
    expect(typeof eventLoop.stalls).toBe("number");
  });

  it("logs a stall past 100 ms naming the request that held the loop", async () => {
    const cookie = await logInCookie(site);
    const page = {
      slug: "legacy-faq",
      status: "published",
      publishAt: "",
      title: "Every question",
      blocks: [createBlock("faq", "faq0")],
      seoDescription: "",
    };
    expect((await sendJsonAs(site, "POST", "/api/admin/pages", page, { cookie })).status).toBe(201);
    // Stored as a release without the size cap would have kept it.
    const row = await site.services.db
      .selectFrom("pages")
      .select("data")
      .where("id", "=", "legacy-faq")
      .executeTakeFirstOrThrow();
    const data = { ...JSON.parse(row.data), blocks: hugeFaq() };
    await site.services.db
      .updateTable("pages")
      .set({ data: JSON.stringify(data) })
      .where("id", "=", "legacy-faq")
      .execute();
    const response = await fetch(`${site.url}/legacy-faq`);
    expect(response.status).toBe(200);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stall = lines.find((line) => line.heldBy?.includes("GET /legacy-faq"));
    expect(stall?.msg).toMatch(/^Event loop stalled \d+ ms: .*GET \/legacy-faq/);
    expect(stall?.stallMs).toBeGreaterThan(100);
    const { eventLoop } = await readReady();
    expect(eventLoop.maxMs).toBeGreaterThan(100);
    expect(eventLoop.stalls).toBeGreaterThanOrEqual(1);
  });
});
