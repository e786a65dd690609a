// `npm test`: install when needed, then typecheck, lint, build, unit and integration tests (on
// SQLite, and on a throwaway PostgreSQL when its programs are installed), and end-to-end tests in
// the system Chromium. Stops at the first failing step; ends with one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startTempPostgres } from "./postgres.ts";
import { ensureBuilt, ensureInstalled, ensureNodeVersion, root, run } from "./setup.ts";

ensureNodeVersion();
ensureInstalled();

const reports = join(root, ".tmp", "reports");
mkdirSync(reports, { recursive: true });
const counts = { passed: 0, failed: 0 };

function step(name: string, action: () => void) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    action();
  } catch (error) {
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : error}`);
    console.log(`\n${counts.passed} passed, ${Math.max(counts.failed, 1)} failed`);
    process.exit(1);
  } finally {
    console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
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

step("typecheck", () => {
  run("npx", ["react-router", "typegen"]);
  run("npx", ["tsc", "--noEmit"]);
});
step("lint and format", () => run("npx", ["biome", "check", "--error-on-warnings", "."]));
step("build", () => ensureBuilt());

const postgres = process.env.TEST_DATABASE_URL ? undefined : await startTempPostgres();
const databaseUrl = process.env.TEST_DATABASE_URL ?? postgres?.url;
console.log(
  databaseUrl
    ? "Integration tests run on SQLite and PostgreSQL."
    : "Integration tests run on SQLite only (no PostgreSQL found).",
);
try {
  step("unit and integration tests", () => {
    const output = join(reports, "vitest.json");
    try {
      run(
        "npx",
        ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
        {
          ...process.env,
          ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
        },
      );
    } finally {
      countVitest(output);
    }
  });
} finally {
  postgres?.stop();
}

step("end-to-end tests", () => {
  const output = join(reports, "playwright.json");
  try {
    run("npx", ["playwright", "test"], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  } finally {
    countPlaywright(output);
  }
});

console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed > 0 ? 1 : 0);
