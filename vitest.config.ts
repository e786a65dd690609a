// Unit and integration tests. Integration tests load the production server build, which the global
// setup makes once (npm test has made it already); each test file gets its own database, folders
// and ports, so files run side by side.
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { landedMigrationImports } from "./scripts/landed-imports.ts";

// Tests that measure the server under load (*.load.test.ts) run on their own, one file at a time
// (LOAD_TESTS=1): beside other files their timings would measure the neighbours.
const loadTests = "tests/integration/**/*.load.test.ts";
const loadRun = process.env.LOAD_TESTS === "1";

const integrationTests = "tests/integration/**/*.test.ts";
const unitTests = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
// Unit and integration files share their workers (no isolation): a fresh process per file loaded
// Vitest, the test's modules and the server build again each time, a quarter of the CPU the
// integration files used. Nothing a file sets outlives it: every site boots from its own env and
// database and is closed after, the server's registries are idempotent, and no file mocks modules
// or changes process.env. Load tests keep a process each: what they measure is the server alone.

export default defineConfig({
  resolve: { tsconfigPaths: true, alias: landedMigrationImports },
  test: {
    environment: "node",
    // The builds of React the site ships, as npm start runs them: Vitest's own "test" would load
    // React's development builds, slower to render and not what visitors get.
    env: { NODE_ENV: "production" },
    globalSetup: ["tests/support/global-setup.ts"],
    // A file per core, at least two: Vitest's default (cores - 1) runs one file at a time on two
    // cores, while most integration files spend their time waiting on servers, child processes,
    // PostgreSQL and timers. More than that made timing-bound tests miss on a busy machine.
    maxWorkers: loadRun ? 1 : Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: loadRun
      ? [{ extends: true, test: { name: "load", include: [loadTests] } }]
      : [
          { extends: true, test: { name: "unit", include: unitTests, isolate: false } },
          {
            extends: true,
            test: {
              name: "integration",
              include: [integrationTests],
              exclude: [...configDefaults.exclude, loadTests],
              isolate: false,
            },
          },
        ],
  },
});
