// End-to-end tests: the built production server with a fresh database (tests/e2e/serve.ts),
// driven through the system Chromium. No browser is ever downloaded.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig, devices, type Project } from "@playwright/test";
import { ensureBuiltForTests, root } from "./scripts/setup.ts";

// The servers, the workers and the commands specs run share one build, made here when missing or
// stale (npm test has made it already); this file runs again in each worker, which then skips it.
ensureBuiltForTests();

// Each project's server. The saving specs' servers take free ports, chosen once here and inherited
// by the workers through these variables; the shared server's port is fixed unless E2E_PORT is set.
const portVariables = {
  chromium: "E2E_PORT",
  "schedule-saves": "E2E_SCHEDULES_PORT",
  "workspace-saves": "E2E_WORKSPACE_SAVES_PORT",
  "content-saves": "E2E_SAVES_PORT",
} as const;
type ProjectName = keyof typeof portVariables;
process.env.E2E_PORT ??= "4310";
const unset = Object.values(portVariables).filter((name) => !process.env[name]);
if (unset.length > 0) {
  const free = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `console.log(...(await (await import('./scripts/free-port.ts')).findFreePorts(${unset.length})))`,
    ],
    { cwd: root, encoding: "utf8" },
  )
    .trim()
    .split(" ");
  for (const [index, name] of unset.entries()) process.env[name] = free[index];
}
const getServerPort = (project: ProjectName) => Number(process.env[portVariables[project]]);
const getServerURL = (project: ProjectName) => `http://127.0.0.1:${getServerPort(project)}`;
/** The server of the specs that save nothing, and of any spec run outside a project. */
export const sharedServerURL = getServerURL("chromium");

/** The saving specs that wait for a schedule to come due, a minute each, on a server of their own. */
const waitsForSchedules = /(publishing|built-pages|settings-time)\.saves\.spec\.ts$/;
/** The saving specs of the admin's own screens and the site's frame: a chain of their own. */
const savesWorkspace =
  /(admin-layout|admin-workspace|brand|media-library|navigation|seo-settings)\.saves\.spec\.ts$/;

// Debian's Chromium headless shell: the same Blink and V8 as /usr/bin/chromium, without the desktop
// browser around them, at a third of its CPU per page on two cores (docs/decisions/032).
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromePath =
  process.env.CHROME_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

function describeServer(serverPort: number) {
  return {
    command: "node tests/e2e/serve.ts",
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(serverPort) },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    // Stopped as systemd stops the site, so it closes its database and removes its folder.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
  };
}

// npm test runs the specs that wait for schedules beside the unit and integration tests, whose
// workers often wait too (E2E_PART=schedules), and the others after them (E2E_PART=rest). Unset,
// one run has them all.
const part = process.env.E2E_PART;
if (part && part !== "schedules" && part !== "rest") {
  throw new Error(`E2E_PART must be "schedules" or "rest", not "${part}"`);
}
function runsProject(name: ProjectName): boolean {
  return !part || (part === "schedules") === (name === "schedule-saves");
}

const desktopChrome = { ...devices["Desktop Chrome"], channel: undefined };
const projects: Array<Project & { name: ProjectName }> = [
  // Specs that save site content (*.saves.spec.ts) test servers of their own, so no other spec
  // sees content they change, and they run beside the other specs rather than after them. Listed
  // first: the workers take queued specs in project order, so a worker starts on each serial
  // chain at once while the others share the rest. The chain that waits for schedules is the
  // longest, and mostly idle: npm test runs it on its own, beside the unit and integration tests.
  // The other saving specs are two chains, each shorter than a worker's share of the run: as one,
  // it ran on alone for the last minute, with the CPU half idle.
  {
    name: "schedule-saves",
    testMatch: waitsForSchedules,
    // One at a time, as below; settings-time also changes the site time zone the others read.
    workers: 1,
  },
  {
    name: "workspace-saves",
    testMatch: savesWorkspace,
    // One at a time, as below.
    workers: 1,
  },
  {
    name: "content-saves",
    testMatch: /\.saves\.spec\.ts$/,
    testIgnore: [waitsForSchedules, savesWorkspace],
    // One at a time: two specs saving at once would each see the other's saves as conflicts.
    workers: 1,
  },
  {
    name: "chromium",
    testIgnore: /\.saves\.spec\.ts$/,
  },
];
/** The projects this run has, each pointed at its own server. */
const runProjects = projects
  .filter(({ name }) => runsProject(name))
  .map((project) => ({
    ...project,
    use: { ...desktopChrome, baseURL: getServerURL(project.name) },
  }));

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  // Three on two cores: a worker also waits for its server and its browser to answer.
  workers: 3,
  retries: 0,
  forbidOnly: true,
  // The server build that specs start sites from is plain JavaScript: loaded as it is, not through
  // Playwright's Babel, which only the runner caches and each worker redid (6 CPU-seconds each).
  build: { external: ["**/build/server/**"] },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: sharedServerURL,
    // Each worker hands its browser context and page from test to test (tests/e2e/test.ts): a
    // fresh context per test cost a renderer and a network context, and Playwright's own reset of
    // a reused one three navigations and a cleared cache. Specs needing a second visitor open
    // their own.
    // A trace records every action with DOM snapshots and a screencast: a quarter of the suite's
    // time on two cores. Asked for when a failure needs one (E2E_TRACE=1 npx playwright test …).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: chromePath,
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
  projects: runProjects,
  webServer: runProjects.map(({ name }) => describeServer(getServerPort(name))),
});
