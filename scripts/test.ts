// `npm test`: install when needed, typecheck, lint, build once, load tests, unit and integration
// tests (SQLite, and a throwaway PostgreSQL when installed) with the end-to-end specs that wait for
// schedules beside them, then the other end-to-end specs, in the system Chromium. Stops at the
// first failure; ends with each step's duration and one "N passed, N failed" line.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startTempPostgres, type TempPostgres } from "./postgres.ts";
import { ensureBuiltForTests, ensureInstalled, ensureNodeVersion, root } from "./setup.ts";

const runStarted = Date.now();
ensureNodeVersion();
ensureInstalled();
const installSeconds = (Date.now() - runStarted) / 1000;

// Node keeps the compiled code of the modules it loads here, so each of the run's hundreds of
// processes (test files, servers, commands, browsers' drivers) skips compiling them again.
process.env.NODE_COMPILE_CACHE ??= join(root, ".tmp", "node-compile-cache");

const reports = join(root, ".tmp", "reports");
mkdirSync(reports, { recursive: true });
const counts = { passed: 0, failed: 0 };
// The install a fresh clone needs is part of the run: in the table and in the total.
const durations: { name: string; seconds: number; outcome: "ok" | "failed" }[] = [
  { name: "install", seconds: installSeconds, outcome: "ok" },
];

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

/** One step of the run, timed as it runs, or by `span` when it ran in the background. */
async function step(
  name: string,
  action: () => void | Promise<void>,
  span?: { started: number; ended: number },
) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const record = (outcome: "ok" | "failed") => {
    const seconds = ((span?.ended ?? Date.now()) - (span?.started ?? started)) / 1000;
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
  const report = JSON.parse(readFileSync(file, "utf8"));
  counts.passed += report.stats?.expected ?? 0;
  counts.failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  printFailedPages(report);
}

type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    tests: { results: { status: string; attachments: { name: string; path?: string }[] }[] }[];
  }[];
};

/**
 * The page each failed spec ended on (the accessibility tree in Playwright's error context): a CI
 * run keeps only its log, and a failure that does not recur is understood from this or not at all.
 */
function printFailedPages(suite: PlaywrightSuite) {
  for (const child of suite.suites ?? []) printFailedPages(child);
  for (const spec of suite.specs ?? []) {
    for (const result of spec.tests.flatMap((test) => test.results)) {
      if (result.status === "passed" || result.status === "skipped") continue;
      const context = result.attachments.find((attachment) => attachment.name === "error-context");
      if (!context?.path || !existsSync(context.path)) continue;
      // The tree is its one YAML block: under "Page snapshot", or in the error of an expect.
      const snapshot = readFileSync(context.path, "utf8").match(/^```yaml\n([\s\S]*?)^```/m);
      if (!snapshot?.[1]) continue;
      const lines = snapshot[1].trim().split("\n");
      console.log(`\nThe page when "${spec.title}" failed:`);
      console.log(lines.slice(0, 150).join("\n"));
      if (lines.length > 150) console.log(`(${lines.length - 150} more lines in ${context.path})`);
    }
  }
}

/** Runs a command with the terminal as its output; resolves when it exits 0, rejects otherwise. */
function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} failed (exit ${code ?? signal})`)),
    );
  });
}

await step("typecheck", async () => {
  await runCommand("npx", ["react-router", "typegen"]);
  await runCommand("npx", ["tsc", "--noEmit"]);
});
await step("lint and format", () =>
  runCommand("npx", ["biome", "check", "--error-on-warnings", "."]),
);
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
async function runVitest(report: string, env: NodeJS.ProcessEnv): Promise<void> {
  const output = join(reports, report);
  try {
    await runCommand(
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
      { ...process.env, ...env, ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}) },
    );
  } finally {
    countVitest(output);
  }
}

/** Playwright over one part of the specs (playwright.config.ts), counted from its JSON report. */
function getPlaywrightRun(part: "schedules" | "rest") {
  const report = join(reports, `playwright-${part}.json`);
  const args = ["playwright", "test"];
  const env = { ...process.env, E2E_PART: part, PLAYWRIGHT_JSON_OUTPUT_NAME: report };
  return { report, args, env };
}

/**
 * The end-to-end specs that wait for schedules to come due: a minute at a time, mostly idle, so they
 * run beside the unit and integration tests, whose workers often wait too. Their output is kept
 * and printed once they end, not mixed into Vitest's.
 */
function startScheduleSpecs() {
  const { report, args, env } = getPlaywrightRun("schedules");
  const log = join(reports, "playwright-schedules.log");
  const output = openSync(log, "w");
  const started = Date.now();
  // A process group of its own, interrupted as by Ctrl-C when a failure elsewhere stops the run:
  // Playwright then stops its browser and its server too (SIGTERM would leave the server running).
  const child = spawn("npx", args, {
    cwd: root,
    stdio: ["ignore", output, output],
    env,
    detached: true,
  });
  process.on("exit", () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGINT");
  });
  const ended = new Promise<{ code: number | null; at: number }>((resolve) => {
    child.on("error", () => resolve({ code: null, at: Date.now() }));
    child.on("exit", (code) => resolve({ code, at: Date.now() }));
  });
  return async function awaitScheduleSpecs() {
    const { code, at } = await ended;
    closeSync(output);
    await step(
      "end-to-end tests waiting for schedules",
      () => {
        process.stdout.write(readFileSync(log, "utf8"));
        countPlaywright(report);
        if (code !== 0) throw new Error(`playwright ${args.join(" ")} failed (exit ${code})`);
      },
      { started, ended: at },
    );
  };
}

// Alone, before the rest: what they measure is the server, not the work beside it.
await step("load tests", () => runVitest("vitest-load.json", { LOAD_TESTS: "1" }));
const awaitScheduleSpecs = startScheduleSpecs();
await step("unit and integration tests", () => runVitest("vitest.json", {}));
postgres?.stop();

await step("end-to-end tests", async () => {
  const { report, args, env } = getPlaywrightRun("rest");
  try {
    await runCommand("npx", args, env);
  } finally {
    countPlaywright(report);
  }
});
await awaitScheduleSpecs();

printSummary();
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed > 0 ? 1 : 0);
