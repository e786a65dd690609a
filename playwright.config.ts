// End-to-end tests: the built production server with a fresh database (tests/e2e/serve.ts),
// driven through the system Chromium. No browser is ever downloaded.
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /\.saves\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // Specs that save site content (*.saves.spec.ts) run after every other spec has finished, so
    // no spec sees content another one is changing (issue 5).
    {
      name: "content-saves",
      testMatch: /\.saves\.spec\.ts$/,
      dependencies: ["chromium"],
      // One at a time: two specs saving at once would each see the other's saves as conflicts.
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: "node tests/e2e/serve.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
