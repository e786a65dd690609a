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
// Unit tests load small modules and keep no server or process state between files: they share
// their workers (no isolation), which spares each file a fresh process and a fresh module graph,
// a third of their time. Integration files each get a fresh process, as their servers need.
const unitTests = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];

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
            },
          },
        ],
  },
});
