// Unit and integration tests. Integration tests load the production server build, so `npm test`
// builds first; each test file gets its own database.
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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
