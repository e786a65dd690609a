// `npm test`: install when needed, typecheck, lint, build once, unit and integration tests (SQLite,
// and a throwaway PostgreSQL when installed), end-to-end tests in the system Chromium. Stops at the
// first failure; ends with each step's duration and one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startTempPostgres, type TempPostgres } from "./postgres.ts";
import { ensureBuiltForTests, ensureInstalled, ensureNodeVersion, root, run } from "./setup.ts";

ensureNodeVersion();
ensureInstalled();

// Node keeps the compiled code of the modules it loads here, so each of the run's hundreds of
// processes (test files, servers, commands, browsers' drivers) skips compiling them again.
process.env.NODE_COMPILE_CACHE ??= join(root, ".tmp", "node-compile-cache");

const reports = join(root, ".tmp", "reports");
mkdirSync(reports, { recursive: true });
const counts = { passed: 0, failed: 0 };
const runStarted = Date.now();
const durations: { name: string; seconds: number; outcome: "ok" | "failed" }[] = [];

/** The closing table: each step's duration and outcome, then the total. */
function printSummary() {
  const width = Math.max(...durations.map(({ name }) => name.length), "total".length);
  const formatRow = (name: string, seconds: number, outcome = "") =>
    `  ${name.padEnd(width)}  ${formatDuration(seconds).padStart(10)}  ${outcome}`.trimEnd();
  console.log("\nStep durations:");
  for (const { name, seconds, outcome } of durations)
    console.log(formatRow(name, seconds, outcome));
  console.log(`  ${"-".repeat(width + 12)}`);
  console.log(formatRow("total", (Date.now() - runStarted) / 1000));
}

function formatDuration(seconds: number): string {
  // Whole seconds first, so 959.6 s reads "16 min  0 s", not "15 min 60 s".
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0
    ? `${minutes} min ${String(whole % 60).padStart(2)} s`
    : `${seconds.toFixed(1)} s`;
}

async function step(name: string, action: () => void | Promise<void>) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const record = (outcome: "ok" | "failed") => {
    const seconds = (Date.now() - started) / 1000;
    durations.push({ name, seconds, outcome });
    console.log(`(${name}: ${formatDuration(seconds)})`);
  };
  try {
    await action();
  } catch (error) {
    record("failed");
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : error}`);
    printSummary();
    console.log(`\n${counts.passed} passed, ${Math.max(counts.failed, 1)} failed`);
    process.exit(1);
  }
  record("ok");
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  counts.passed += stats?.expected ?? 0;
  counts.failed += (stats?.unexpected ?? 0) + (stats?.flaky ?? 0);
}

await step("typecheck", () => {
  run("npx", ["react-router", "typegen"]);
  run("npx", ["tsc", "--noEmit"]);
});
await step("lint and format", () => run("npx", ["biome", "check", "--error-on-warnings", "."]));
// The one build of the run: integration tests, the e2e server and its isolated sites all load it.
await step("build", () => ensureBuiltForTests());

let postgres: TempPostgres | undefined;
if (!process.env.TEST_DATABASE_URL) {
  await step("start PostgreSQL", async () => {
    postgres = await startTempPostgres();
  });
}
const databaseUrl = process.env.TEST_DATABASE_URL ?? postgres?.url;
console.log(
  databaseUrl
    ? "Integration tests run on SQLite and PostgreSQL."
    : "Integration tests run on SQLite only (no PostgreSQL found).",
);
/** One Vitest run, its passes and failures counted from its JSON report. */
function runVitest(report: string, env: NodeJS.ProcessEnv): void {
  const output = join(reports, report);
  try {
    run(
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
      { ...process.env, ...env, ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}) },
    );
  } finally {
    countVitest(output);
  }
}

try {
  await step("unit and integration tests", () => runVitest("vitest.json", {}));
  // Alone, after the rest: what they measure is the server, not the files beside it.
  await step("load tests", () => runVitest("vitest-load.json", { LOAD_TESTS: "1" }));
} finally {
  postgres?.stop();
}

await step("end-to-end tests", () => {
  const output = join(reports, "playwright.json");
  try {
    run("npx", ["playwright", "test"], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  } finally {
    countPlaywright(output);
  }
});

printSummary();
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed > 0 ? 1 : 0);
