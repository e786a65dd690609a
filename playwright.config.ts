// End-to-end tests: the built production server with a fresh database (tests/e2e/serve.ts),
// driven through the system Chromium. No browser is ever downloaded.
import { execFileSync } from "node:child_process";
import { defineConfig, devices } from "@playwright/test";
import { ensureBuiltForTests, root } from "./scripts/setup.ts";

// The servers, the workers and the commands specs run share one build, made here when missing or
// stale (npm test has made it already); this file runs again in each worker, which then skips it.
ensureBuiltForTests();

const port = Number(process.env.E2E_PORT ?? 4310);
// The content-saving specs' own server: any free port, chosen once here and inherited by the workers.
process.env.E2E_SAVES_PORT ??= execFileSync(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    "console.log(await (await import('./scripts/free-port.ts')).findFreePort())",
  ],
  { cwd: root, encoding: "utf8" },
).trim();
const savesPort = Number(process.env.E2E_SAVES_PORT);
export const e2eServerURLs = {
  shared: `http://127.0.0.1:${port}`,
  saves: `http://127.0.0.1:${savesPort}`,
};
const baseURL = e2eServerURLs.shared;

function describeServer(serverPort: number) {
  return {
    command: "node tests/e2e/serve.ts",
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(serverPort) },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

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
    // A trace records every action with DOM snapshots and a screencast: a quarter of the suite's
    // time on two cores. Asked for when a failure needs one (E2E_TRACE=1 npx playwright test …).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
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
    // Specs that save site content (*.saves.spec.ts) test a server of their own, so no other spec
    // sees content they change, and they run beside the other specs rather than after them. Listed
    // first: the workers take queued specs in project order, so one worker starts on this serial
    // chain at once while the others share the rest.
    {
      name: "content-saves",
      testMatch: /\.saves\.spec\.ts$/,
      // One at a time: two specs saving at once would each see the other's saves as conflicts.
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: e2eServerURLs.saves },
    },
    {
      name: "chromium",
      testIgnore: /\.saves\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: [describeServer(port), describeServer(savesPort)],
});
