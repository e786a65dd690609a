// The layout's rules hold: no import circle in app/ and server/, no import against the layer
// order, and the linter refuses a planted import against the order (so the rule bites).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listDomainCrossings } from "./domain-crossings.ts";
import { findImportCircles, findOrderViolations, readImportGraph } from "./import-graph.ts";
import { makeLintOverrides, readLintOverrides } from "./layers.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const biome = fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url));

/** Lints one planted file under the project's own biome.json, in a copy outside the tree. */
function lintAs(path: string, source: string) {
  const dir = mkdtempSync(join(tmpdir(), "planted-import-"));
  try {
    copyFileSync(join(root, "biome.json"), join(dir, "biome.json"));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
    const result = spawnSync(biome, ["lint", "--vcs-enabled=false", path], {
      cwd: dir,
      encoding: "utf8",
    });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the import graph", () => {
  const graph = readImportGraph(root);

  it("reads the app's modules and their imports", () => {
    expect(graph.get("app/root.tsx")).toContain("app/platform/root-data.ts");
    expect(graph.size).toBeGreaterThan(200);
  });

  it("reads Vite's import.meta.glob as imports of the modules it matches", () => {
    expect(graph.get("app/capabilities/blocks/page-blocks.ts")).toContain(
      "app/features/pages/blocks/hero/fields.ts",
    );
  });

  it("has no import circle", () => {
    expect(findImportCircles(graph)).toEqual([]);
  });

  it("lets at most 60 imported names cross between domains (node scripts/domain-crossings.ts)", () => {
    const names = listDomainCrossings(root).flatMap((crossing) => crossing.names);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(60);
  });

  it("has no import against the layer order", () => {
    expect(findOrderViolations(graph)).toEqual([]);
  });

  it("finds a circle and an import against the order when there is one", () => {
    const planted = new Map([
      ["app/platform/a.ts", ["app/features/leads/b.ts"]],
      ["app/features/leads/b.ts", ["app/platform/a.ts"]],
    ]);
    expect(findImportCircles(planted)).toEqual([["app/features/leads/b.ts", "app/platform/a.ts"]]);
    expect(findOrderViolations(planted)).toEqual(["app/platform/a.ts -> app/features/leads/b.ts"]);
  });
});

describe("the linter's import order", () => {
  it("is the one made from the layer list (node scripts/layers.ts --write)", () => {
    const current = readLintOverrides(readFileSync(join(root, "biome.json"), "utf8"));
    expect(current).toEqual(JSON.parse(JSON.stringify(makeLintOverrides())));
  });

  it.each([
    ["app/platform/planted.ts", 'export { contactSchema } from "~/features/leads/schema";'],
    [
      "app/ui/planted.tsx",
      'import type { SiteContent } from "../features/content/schema";\nexport type T = SiteContent;',
    ],
    [
      "app/features/admin/planted.ts",
      'export { readContent } from "~/features/content/content-store.server";',
    ],
    [
      "app/features/content/planted.ts",
      'export const load = () => import("~/features/publishing/schema");',
    ],
    [
      "app/capabilities/media/planted.ts",
      'export { contentSchema } from "../../features/content/schema";',
    ],
    ["app/capabilities/mail/planted.ts", 'export { Notice } from "../workspace/shell/notice";'],
    [
      "app/features/leads/planted.ts",
      'export { subscribeToNewsletter } from "~/features/newsletter/subscribers.server";',
    ],
    [
      "app/features/leads/planted.ts",
      'export { listVisible } from "~/features/publishing/store/reads.server";',
    ],
    [
      "app/features/pages/planted.ts",
      'export { bootServices } from "../../../server/boot.server";',
    ],
  ])("refuses %s importing against the order", (path, source) => {
    const { ok, output } = lintAs(path, source);
    expect(ok).toBe(false);
    expect(output).toContain("Imports run one way");
  });

  it.each([
    ["app/features/pages/planted.ts", 'export { contactSchema } from "~/features/leads/schema";'],
    // The rich-text editor places the library's images: rich text sits on media.
    [
      "app/capabilities/rich-text/planted.ts",
      'export { uploadImage } from "~/capabilities/media/images-client";',
    ],
    ["app/features/newsletter/planted.ts", 'export { contactSchema } from "../leads/schema";'],
  ])("accepts %s importing down the order", (path, source) => {
    const { ok, output } = lintAs(path, source);
    expect(output).not.toContain("Imports run one way");
    expect(ok).toBe(true);
  });
});
