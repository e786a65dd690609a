// The public pages' JavaScript budget in `npm test`: the same measurement as `npm run size`
// (scripts/js-budget.ts), against the built site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockSpecs } from "~/capabilities/blocks/page-blocks";
import {
  addEveryBlockPage,
  budgetBytes,
  everyBlock,
  everyBlockPath,
  findBudgetProblems,
  measureSite,
  type PageReport,
} from "../../scripts/js-budget.ts";
import { getTestDatabaseKinds } from "../support/databases";
import { startTestSite, type TestSite, testAdmin } from "../support/test-site";

const [sqlite] = getTestDatabaseKinds();

describe("JavaScript budget of the public pages", () => {
  let site: TestSite;
  let reports: PageReport[];

  beforeAll(async () => {
    if (!sqlite) throw new Error("no test database");
    site = await startTestSite(await sqlite.create());
    await addEveryBlockPage(site.url, testAdmin);
    reports = await measureSite(site.url);
  });

  afterAll(async () => {
    await site?.close();
  });

  it("measures every fixed page, one service, case study and article, and a page of every block", () => {
    const paths = reports.map((report) => report.path);
    const fixed = ["/", "/services", "/about", "/case-studies", "/blog", "/contact"];
    for (const path of [...fixed, everyBlockPath]) {
      expect(paths).toContain(path);
    }
    for (const group of ["services", "case-studies", "blog"]) {
      expect(paths.filter((path) => path.startsWith(`/${group}/`))).toHaveLength(1);
    }
    // The page built from blocks holds one of every kind there is.
    expect(new Set(everyBlock.map((block) => block.type))).toEqual(
      new Set(blockSpecs.map((spec) => spec.type)),
    );
    expect(reports.find((report) => report.path === everyBlockPath)?.status).toBe(200);
    // The measurement finds the framework itself: React alone is far more than 50 KB.
    for (const report of reports) expect(report.gzipBytes).toBeGreaterThan(50 * 1024);
  });

  it(`keeps every page at or under ${budgetBytes / 1024} KB gzipped, without editor code`, () => {
    expect(findBudgetProblems(reports)).toEqual([]);
  });
});
