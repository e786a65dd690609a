// Counts the imported names that cross between domain folders (app/features/*), leaving out
// pages/, which composes the public site from the others: `node scripts/domain-crossings.ts`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { readImportGraph } from "./import-graph.ts";

const domainOf = (file: string) => /^app\/features\/([^/]+)\//.exec(file)?.[1];
const composers = new Set(["pages"]);
const statements = /^(?:import|export)\s+((?:type\s+)?[^"';]*?)\s+from\s+["']([^"']+)["']/gm;

/** Each crossing import: the importing domain, the imported one and the names it brings. */
export function listDomainCrossings(root: string) {
  const graph = readImportGraph(root);
  const crossings: { from: string; to: string; file: string; names: string[] }[] = [];
  for (const [file, targets] of graph) {
    const from = domainOf(file);
    if (!from || composers.has(from)) continue;
    const text = readFileSync(path.join(root, file), "utf8").replace(/^\s*\/\/.*$/gm, "");
    for (const match of text.matchAll(statements)) {
      const [, clause = "", specifier = ""] = match;
      const base = specifier.startsWith("~/")
        ? `app/${specifier.slice(2)}`
        : path.posix.join(path.posix.dirname(file), specifier);
      const target = targets.find((candidate) => candidate.replace(/\.tsx?$/, "") === base);
      const to = target && domainOf(target);
      if (!to || to === from) continue;
      crossings.push({ from, to, file, names: readNames(clause) });
    }
  }
  return crossings;
}

/** The names of an import or export clause: `type A, { b, c as d }` gives A, b, d. */
function readNames(clause: string): string[] {
  const named = /\{([^}]*)\}/.exec(clause)?.[1];
  const outside = clause.replace(/\{[^}]*\}/, "").replace(/\btype\b/g, "");
  const names = outside
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of named?.split(",") ?? []) {
    const name = part
      .trim()
      .split(/\s+as\s+/)
      .at(-1)
      ?.replace(/^type\s+/, "");
    if (name) names.push(name);
  }
  return names;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const crossings = listDomainCrossings(process.cwd());
  const byPair = new Map<string, number>();
  for (const { from, to, names } of crossings) {
    byPair.set(`${from} -> ${to}`, (byPair.get(`${from} -> ${to}`) ?? 0) + names.length);
  }
  for (const [pair, count] of [...byPair].sort((a, b) => b[1] - a[1]))
    console.log(`${count}\t${pair}`);
  console.log(
    `${crossings.reduce((sum, c) => sum + c.names.length, 0)}\tnames cross between domains`,
  );
}
