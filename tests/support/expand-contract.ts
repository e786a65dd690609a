// Expand, then contract: a migration only adds, unless it is a contract step that drops or renames
// what an earlier release's code (at a commit it names) no longer used, checked against that
// commit's table types with git. Reads a migration's text; runs nothing.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ContractStep } from "~/platform/db/migrate.server";

const root = fileURLToPath(new URL("../..", import.meta.url));

export type MigrationText = { name: string; source: string; contract?: ContractStep | undefined };

/** What the check asks of git: one history's files and ancestry. */
export type History = {
  readFile(commit: string, path: string): string | undefined;
  /** The full commit a name resolves to, when it is this checkout's HEAD or before it. */
  resolveAncestor(commit: string): string | undefined;
};

export const gitHistory: History = {
  readFile(commit, path) {
    const result = spawnSync("git", ["show", `${commit}:${path}`], { cwd: root, encoding: "utf8" });
    return result.status === 0 ? result.stdout : undefined;
  },
  resolveAncestor(commit) {
    const parsed = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], {
      cwd: root,
      encoding: "utf8",
    });
    if (parsed.status !== 0) return undefined;
    const full = parsed.stdout.trim();
    const ancestor = spawnSync("git", ["merge-base", "--is-ancestor", full, "HEAD"], { cwd: root });
    return ancestor.status === 0 ? full : undefined;
  },
};

export type Step = { operation: string; target: string };

/** The `up` function's text, comments left out: `down` undoes an expand step by dropping. */
function readUp(source: string): string {
  const start = source.search(/export\s+async\s+function\s+up\b/);
  const end = source.search(/export\s+async\s+function\s+down\b/);
  const body = source.slice(Math.max(start, 0), end > start ? end : undefined);
  return body.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

/** The text between the parenthesis at `open` and its match. */
function readArguments(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "(") depth++;
    if (text[index] === ")" && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

const firstString = (args: string) => /^\s*["'`]([^"'`]+)["'`]/.exec(args)?.[1] ?? "?";

const rawSteps: Array<[RegExp, string]> = [
  [/\bdrop\s+(table|column)\b/i, "raw DROP"],
  [/\brename\s+(to|column)\b/i, "raw RENAME"],
  [/\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i, "raw ALTER ... TYPE"],
];

/**
 * The steps of a migration's `up` that the previous release's code could trip on: drops, renames,
 * type changes, and a NOT NULL column without a default on an existing table (its inserts omit it).
 */
export function findBreakingSteps(source: string): Step[] {
  const up = readUp(source);
  const steps: Step[] = [];
  let table = "?";
  let creating = false;
  for (const call of up.matchAll(/\.(\w+)\(/g)) {
    const args = readArguments(up, (call.index ?? 0) + call[0].length - 1);
    const operation = call[1] ?? "";
    if (operation === "alterTable" || operation === "createTable") {
      table = firstString(args);
      creating = operation === "createTable";
    } else if (operation === "dropTable" || operation === "renameTo") {
      steps.push({ operation, target: operation === "dropTable" ? firstString(args) : table });
    } else if (operation === "dropColumn" || operation === "renameColumn") {
      steps.push({ operation, target: `${table}.${firstString(args)}` });
    } else if (operation === "alterColumn" && /setDataType\(/.test(args)) {
      steps.push({ operation: "alterColumn setDataType", target: `${table}.${firstString(args)}` });
    } else if (
      operation === "addColumn" &&
      !creating &&
      /notNull\(\)/.test(args) &&
      !/defaultTo\(/.test(args)
    ) {
      steps.push({
        operation: "addColumn NOT NULL without default",
        target: `${table}.${firstString(args)}`,
      });
    }
  }
  for (const [pattern, operation] of rawSteps) {
    if (pattern.test(up)) steps.push({ operation, target: "?" });
  }
  return steps;
}

/** The body of Kysely's map of tables (`interface Tables`), or undefined when there is none. */
function readTableMap(tablesSource: string): string | undefined {
  return /export\s+interface\s+(?:Tables|Database)\s*\{([\s\S]*?)\n\}/.exec(tablesSource)?.[1];
}

/** A table's fields in a commit's tables.server.ts, or undefined when its map lacks the table. */
export function readTableFields(tablesSource: string, table: string): Set<string> | undefined {
  const database = readTableMap(tablesSource) ?? "";
  const type = new RegExp(`^\\s*${table}\\??:\\s*(\\w+)`, "m").exec(database)?.[1];
  if (!type) return undefined;
  const fields = new Set<string>();
  const visit = (name: string, seen: Set<string>) => {
    if (seen.has(name)) return;
    seen.add(name);
    const alias = new RegExp(`type\\s+${name}\\s*=\\s*(\\w+)\\s*;`).exec(tablesSource)?.[1];
    if (alias) visit(alias, seen);
    const declared = new RegExp(
      `interface\\s+${name}\\b(?:\\s+extends\\s+([\\w\\s,]+))?\\s*\\{([\\s\\S]*?)\\n\\}`,
    ).exec(tablesSource);
    if (!declared) return;
    for (const field of (declared[2] ?? "").matchAll(/^\s*(\w+)\??:/gm)) fields.add(field[1] ?? "");
    for (const parent of (declared[1] ?? "").split(",")) {
      if (parent.trim()) visit(parent.trim(), seen);
    }
  };
  visit(type, new Set());
  return fields;
}

/** Whether the code at a commit still reads or writes a table ("t") or a column ("t.c"). */
function isStillUsed(tablesSource: string, dropped: string): boolean {
  const [table = "", column] = dropped.split(".");
  const fields = readTableFields(tablesSource, table);
  if (!fields) return false;
  return column === undefined || fields.has(column);
}

/** What is wrong with a contract step's declaration, checked against the commit it names. */
function checkContract(migration: MigrationText, steps: Step[], history: History): string[] {
  const { name, contract } = migration;
  if (!contract) return [];
  const commit = history.resolveAncestor(contract.unusedSince);
  if (!commit) {
    return [
      `${name}: unusedSince ${contract.unusedSince} is not a commit of this history, so nothing shows its code no longer used ${contract.drops.join(", ")}`,
    ];
  }
  const problems: string[] = [];
  const at = contract.unusedSince;
  if (history.readFile(commit, `migrations/${name}.ts`) !== undefined) {
    problems.push(
      `${name}: it is in ${at} already; a contract step comes in a release after the one whose code stopped using what it drops`,
    );
  }
  const tablesSource = history.readFile(commit, "app/platform/db/tables.server.ts") ?? "";
  if (readTableMap(tablesSource) === undefined) {
    return [
      `${name}: no table types (interface Tables) in ${at}'s app/platform/db/tables.server.ts`,
    ];
  }
  for (const dropped of contract.drops) {
    if (isStillUsed(tablesSource, dropped)) {
      problems.push(
        `${name}: ${at} still uses ${dropped} (app/platform/db/tables.server.ts), so that release breaks on it: stop using it in one release, drop it in the next`,
      );
    }
  }
  const named = steps.filter(
    (step) => step.target !== "?" && !contract.drops.includes(step.target),
  );
  for (const step of named) {
    problems.push(`${name}: ${step.operation} ${step.target} is not among the contract's drops`);
  }
  const newestThen = (history.readFile(commit, "migrations/") ?? "")
    .split("\n")
    .filter((file) => /^\d{4}_.*\.ts$/.test(file))
    .map((file) => file.slice(0, -".ts".length))
    .sort()
    .at(-1);
  if (newestThen && contract.requires < newestThen) {
    problems.push(
      `${name}: requires ${contract.requires}, but releases up to ${newestThen} (at ${at}) may still use what it drops: require ${newestThen} or later`,
    );
  }
  if (contract.requires >= name) {
    problems.push(`${name}: requires ${contract.requires}, which is not an earlier release`);
  }
  return problems;
}

/**
 * Why a migration may not ship as it is, or [] when it may: an expand step only adds; a contract
 * step names the earlier commit whose code no longer used what it drops, and git confirms it.
 */
export function checkMigration(migration: MigrationText, history: History = gitHistory): string[] {
  const steps = findBreakingSteps(migration.source);
  if (steps.length === 0) return [];
  if (!migration.contract) {
    return steps.map(
      (step) =>
        `${migration.name}: ${step.operation} ${step.target} in the release that stops using it. Make this release's migration expand-only (add, copy, keep the old); drop or rename one release later, in a migration that exports contract = { requires, unusedSince, drops }`,
    );
  }
  return checkContract(migration, steps, history);
}
