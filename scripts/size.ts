// `npm run size`: builds when needed, starts the built site on a free port with a fresh database,
// adds a page built from every kind of block, prints the JavaScript each public page loads on
// first view (gzipped) and exits 1 when a page is over the 130 KB budget or loads the editor's
// code. Node built-ins plus the build only.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addEveryBlockPage,
  findBudgetProblems,
  formatReportTable,
  measureSite,
} from "./js-budget.ts";
import { loadServerBundle, root } from "./setup.ts";

const site = await loadServerBundle();

const dataDir = mkdtempSync(join(tmpdir(), "site-size-"));
// An admin of this run only, to publish the every-block page.
const admin = { email: "size@example.com", password: randomBytes(18).toString("base64url") };
const services = await site.bootServices({
  DATABASE_URL: `file:${join(dataDir, "site.db")}`,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "silent",
  PORT: "0",
});
const app = site.createSiteApp(services, {
  mode: "production",
  clientDir: join(root, "build/client"),
});
const server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

let exitCode = 0;
try {
  await addEveryBlockPage(`http://127.0.0.1:${port}`, admin);
  const reports = await measureSite(`http://127.0.0.1:${port}`);
  console.log(formatReportTable(reports));
  const problems = findBudgetProblems(reports);
  for (const report of reports.filter((page) => page.status !== 200)) {
    console.log(`Note: ${report.path} answered ${report.status}.`);
  }
  if (problems.length > 0) {
    console.error(`\nOver budget:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    exitCode = 1;
  } else {
    console.log("Every page is within budget and loads no editor code.");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await services.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
