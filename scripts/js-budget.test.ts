import { describe, expect, it } from "vitest";
import {
  findBudgetProblems,
  findPageScripts,
  findStaticImports,
  formatReportTable,
  type PageReport,
} from "./js-budget.ts";

describe("findPageScripts", () => {
  it("collects script sources, modulepreload links and the inline module's imports", () => {
    const html = [
      '<link rel="modulepreload" href="/assets/entry.client-a.js"/>',
      '<link rel="stylesheet" href="/assets/root.css"/>',
      '<link href="/assets/blog-b.js" rel="modulepreload">',
      '<script src="/assets/legacy.js"></script>',
      '<script nonce="x" type="module" async="">import "/assets/manifest-c.js";',
      'import * as route0 from "/assets/root-d.js";\nimport("/assets/lazy.js")</script>',
    ].join("");
    expect(findPageScripts(html).sort()).toEqual(
      [
        "/assets/blog-b.js",
        "/assets/entry.client-a.js",
        "/assets/legacy.js",
        "/assets/manifest-c.js",
        "/assets/root-d.js",
      ].sort(),
    );
  });
});

describe("findStaticImports", () => {
  it("finds minified static imports and re-exports, not dynamic imports", () => {
    const code =
      'import{a as b,c}from"./jsx-runtime.js";import"./side-effect.js";export*from"./all.js";' +
      'export{x}from"./some.js";const l=()=>import("./lazy.js");';
    expect(findStaticImports(code).sort()).toEqual(
      ["./all.js", "./jsx-runtime.js", "./side-effect.js", "./some.js"].sort(),
    );
  });
});

describe("findBudgetProblems", () => {
  const page = (path: string, gzipBytes: number, editor = false): PageReport => ({
    path,
    status: 200,
    gzipBytes,
    files: [{ url: `/assets${path}.js`, bytes: gzipBytes * 3, gzipBytes, editor }],
  });

  it("reports pages over the budget and pages that load editor code", () => {
    expect(findBudgetProblems([page("/a", 1000), page("/b", 1001)], 1000)).toEqual([
      "/b loads 1.0 KB of JavaScript gzipped, over the 1.0 KB budget",
    ]);
    expect(findBudgetProblems([page("/c", 10, true)], 1000)).toEqual([
      "/c loads editor code: /assets/c.js",
    ]);
    expect(findBudgetProblems([page("/d", 1000)], 1000)).toEqual([]);
  });

  it("prints a table row per page", () => {
    const table = formatReportTable([page("/blog", 2048)], 4096);
    expect(table).toContain("/blog");
    expect(table).toMatch(/\/blog\s+200\s+1\s+2\.0 KB\s+50%/);
  });
});
