// Unit and integration tests. Integration tests load the production server build, which the global
// setup makes once (npm test has made it already); each test file gets its own database, folders
// and ports, so files run side by side.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { landedMigrationImports } from "./scripts/landed-imports.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true, alias: landedMigrationImports },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // One file more than there are cores: most integration files spend their time waiting on
    // servers, child processes, PostgreSQL and timers, which Vitest's default (cores - 1) leaves idle.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
