// The app's import graph, read from the source: which modules import which, the import circles
// in it, and the imports against the layer list of scripts/layers.ts. Used by
// scripts/import-graph.test.ts and by `node scripts/import-graph.ts` to list what it finds.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getLayerEntry, getLayerRank } from "./layers.ts";

const sourceFile = /\.(ts|tsx)$/;
const specifiers =
  /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;
/** Vite's `import.meta.glob("./dir/*\/file.ts")`: each module it matches is an import too. */
const globs = /import\.meta\.glob(?:<[^(]*>)?\(\s*["'](\.[^"']+)["']/g;

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.posix.join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith(".") ? [] : listSources(full);
    return sourceFile.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const bare = specifier.split("?")[0] ?? specifier;
  let base: string;
  if (bare.startsWith("~/")) base = `app/${bare.slice(2)}`;
  else if (bare.startsWith(".")) base = path.posix.join(path.posix.dirname(from), bare);
  else return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((ending) => base + ending)
    .find((candidate) => existsSync(path.join(root, candidate)) && sourceFile.test(candidate));
}

/** The files a relative glob of the importing module matches (`*` stands for one name). */
function expandGlob(root: string, from: string, pattern: string): string[] {
  const segments = path.posix.join(path.posix.dirname(from), pattern).split("/");
  return segments.reduce(
    (bases, segment) =>
      bases.flatMap((base) => {
        if (!segment.includes("*"))
          return existsSync(path.join(root, base, segment)) ? [path.posix.join(base, segment)] : [];
        const name = new RegExp(`^${segment.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*")}$`);
        const dir = path.join(root, base);
        return existsSync(dir) && statSync(dir).isDirectory()
          ? readdirSync(dir)
              .filter((entry) => name.test(entry))
              .map((entry) => path.posix.join(base, entry))
          : [];
      }),
    [""],
  );
}

/** Every module of app/ and server/ (paths from the project root) with the modules it imports. */
export function readImportGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = ["app", "server"].flatMap((dir) => listSources(path.join(root, dir)));
  for (const absolute of files) {
    const file = path.relative(root, absolute).split(path.sep).join("/");
    const text = readFileSync(absolute, "utf8");
    const targets = new Set<string>();
    for (const match of text.matchAll(specifiers)) {
      const target = resolveImport(root, file, match[1] ?? match[2] ?? match[3] ?? "");
      if (target) targets.add(target);
    }
    for (const [, pattern = ""] of text.matchAll(globs))
      for (const target of expandGlob(root, file, pattern)) targets.add(target);
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The import circles: each a list of modules that reach one another (Tarjan's components). */
export function findImportCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node);
      if (members.length > 1 || selfImport) circles.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** Imports from a lower layer into a higher one, or sideways between two folders of one layer. */
export function findOrderViolations(graph: Map<string, string[]>): string[] {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const rank = getLayerRank(file);
    for (const target of targets) {
      const targetRank = getLayerRank(target);
      const from = getLayerEntry(file);
      const to = getLayerEntry(target);
      const sideways = rank === targetRank && from && to && from !== to;
      if (targetRank > rank || sideways) violations.push(`${file} -> ${target}`);
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = readImportGraph(process.cwd());
  for (const circle of findImportCircles(graph)) console.log(`circle: ${circle.join(" <-> ")}`);
  for (const violation of findOrderViolations(graph))
    console.log(`against the order: ${violation}`);
}
